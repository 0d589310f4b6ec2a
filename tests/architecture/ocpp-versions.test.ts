// OCPP by version and by message: what is one protocol version lives in its folder of server/ocpp/ (v16/), one
// handler file per incoming message; the files above the protocol name no version, and the versions are listed in
// one place.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { protocolVersions } from '@server/ocpp/protocol-versions';
import { ocpp16 } from '@server/ocpp/v16/version';

const ocppDir = new URL('../../server/ocpp/', import.meta.url);
const versionFolder = /^v\d+$/;
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

describe('OCPP protocol versions', () => {
  it('lists 1.6-J, with a handler file of its own for every message a 1.6 charger sends', () => {
    expect(protocolVersions).toContain(ocpp16);
    expect(Object.keys(ocpp16.handlers).sort()).toEqual(
      [
        'Authorize',
        'BootNotification',
        'DataTransfer',
        'DiagnosticsStatusNotification',
        'FirmwareStatusNotification',
        'Heartbeat',
        'MeterValues',
        'StartTransaction',
        'StatusNotification',
        'StopTransaction',
      ].sort(),
    );
    const files = readdirSync(new URL('v16/handlers/', ocppDir));
    for (const message of Object.keys(ocpp16.handlers)) expect(files).toContain(`${kebab(message)}.ts`);
  });

  it('keeps the version-neutral files from importing a version folder, except the one list of versions', () => {
    const neutral = readdirSync(ocppDir).filter((name) => name.endsWith('.ts'));
    const importers = neutral.filter((name) => {
      const text = readFileSync(new URL(name, ocppDir), 'utf8');
      return [...text.matchAll(/from '(?:\.\/|@server\/ocpp\/)(v\d+)\//g)].some((m) => versionFolder.test(m[1]!));
    });
    expect(importers).toEqual(['protocol-versions.ts']);
  });
});
