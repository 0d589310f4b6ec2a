// A production build (APP_ENV=production) refuses local-storage secrets that are unset, the development values or
// weak; other builds (npm start, e2e) and the tests go on with the development values.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { DEV_STORAGE_SECRETS } from '@state/storage-secrets';
import { devStorageSecrets, storageSecretProblems, storageSecretsGuard } from '../vite.config';

const GOOD = { VITE_STORAGE_ENCRYPTION_KEY: 'k'.repeat(24) + 'encryption-secret', VITE_STORAGE_HASH_KEY: 'h'.repeat(24) + 'hash-secret-value' };
const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs the guard's configResolved hook as a build would, with these VITE_ values and process environment. */
function runGuard(viteEnv: Record<string, string>, processEnv: Record<string, string | undefined>): void {
  const plugin = storageSecretsGuard(() => viteEnv, processEnv);
  const hook = plugin.configResolved as (config: Pick<ResolvedConfig, 'mode' | 'envDir' | 'root'>) => void;
  hook.call(undefined as never, { mode: 'production', envDir: root, root });
}

describe('storage secrets of a production build', () => {
  it("checks against the console's own development values", () => {
    expect(devStorageSecrets).toEqual(DEV_STORAGE_SECRETS);
  });

  it('names each problem: unset, the development value, too short, the two the same', () => {
    expect(storageSecretProblems({})).toEqual(['VITE_STORAGE_ENCRYPTION_KEY is not set', 'VITE_STORAGE_HASH_KEY is not set']);
    expect(storageSecretProblems({ ...DEV_STORAGE_SECRETS })).toEqual(['VITE_STORAGE_ENCRYPTION_KEY is the development value', 'VITE_STORAGE_HASH_KEY is the development value']);
    expect(storageSecretProblems({ ...GOOD, VITE_STORAGE_HASH_KEY: 'short' })).toEqual(['VITE_STORAGE_HASH_KEY is shorter than 32 characters']);
    expect(storageSecretProblems({ VITE_STORAGE_ENCRYPTION_KEY: GOOD.VITE_STORAGE_ENCRYPTION_KEY, VITE_STORAGE_HASH_KEY: GOOD.VITE_STORAGE_ENCRYPTION_KEY })).toEqual([
      'VITE_STORAGE_ENCRYPTION_KEY and VITE_STORAGE_HASH_KEY are the same',
    ]);
    expect(storageSecretProblems(GOOD)).toEqual([]);
  });

  it('fails only a build with APP_ENV=production; npm start and other builds keep the development values', () => {
    expect(() => runGuard({}, { APP_ENV: 'production' })).toThrow(/APP_ENV=production.*VITE_STORAGE_ENCRYPTION_KEY is not set; VITE_STORAGE_HASH_KEY is not set/);
    expect(() => runGuard({ ...DEV_STORAGE_SECRETS }, { APP_ENV: 'production', NODE_ENV: 'production' })).toThrow(/is the development value/);
    expect(() => runGuard(GOOD, { APP_ENV: 'production' })).not.toThrow();
    // Vite sets NODE_ENV=production for every build, npm start's too: that alone is not a production build.
    expect(() => runGuard({}, { NODE_ENV: 'production' })).not.toThrow();
    expect(() => runGuard({}, { APP_ENV: 'development', NODE_ENV: 'production' })).not.toThrow();
  });

  it('stops `vite build` with APP_ENV=production and the development secrets, before anything is written', () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'czo-prod-build-'));
    try {
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_STORAGE_')));
      for (const secrets of [{}, { ...DEV_STORAGE_SECRETS }]) {
        const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'], {
          cwd: root,
          env: { ...env, ...secrets, APP_ENV: 'production' },
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(run.status, run.stdout + run.stderr).not.toBe(0);
        expect(run.stdout + run.stderr).toContain('A production build (APP_ENV=production) needs its own local-storage secrets');
        expect(readdirSync(outDir)).toEqual([]);
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
