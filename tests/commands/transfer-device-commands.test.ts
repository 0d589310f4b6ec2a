import { describe, expect, it } from 'vitest';
import { chargerRecordActions } from '@commands/charger-commands';
import { availableCommands } from '@commands/command';
import { localCommands } from '@commands/palette-sources';
import { chargerResource } from '@domain/resources/chargers/charger';
import { transferDraftFromQuery, transferDeviceLinkFor } from '@domain/transfer-device';
import { fakeContext } from './fake-context';

const titles = (list: { title: string }[]) => list.map((c) => c.title);

describe('Transfer device in the palette', () => {
  it('offers the screen only with ROLE_TRANSFER_DEVICE', () => {
    expect(titles(localCommands(fakeContext(), 'actions'))).not.toContain('Transfer device');
    const withIt = localCommands(fakeContext({ permissions: new Set(['ROLE_TRANSFER_DEVICE']) }), 'actions');
    expect(withIt.find((c) => c.title === 'Transfer device')).toMatchObject({ href: '/charger-management/transfer-device', kind: 'action' });
  });

  it('offers "Transfer device…" on a charger, opening the screen with that charger', () => {
    const ctx = fakeContext({ permissions: new Set(['ROLE_TRANSFER_DEVICE']), location: '/charger-management/all-chargers/42' });
    const actions = availableCommands(chargerRecordActions(ctx, { resource: chargerResource, id: '42' }), ctx);
    expect(actions.find((c) => c.title === 'Transfer device…')?.href).toBe(transferDeviceLinkFor(42));
    expect(titles(availableCommands(chargerRecordActions(fakeContext(), { resource: chargerResource, id: '42' }), fakeContext()))).not.toContain('Transfer device…');
  });

  it('reads what a link fills in, ignoring what cannot be an id', () => {
    expect(transferDraftFromQuery('?charger=42')).toEqual({ chargerId: '42' });
    expect(transferDraftFromQuery('?uniqueId=CZ000123&phoneNumber=%2B91%2098765%2043210')).toEqual({ uniqueId: 'CZ000123', phoneNumber: '+91 98765 43210' });
    expect(transferDraftFromQuery('?charger=abc&uniqueId=')).toEqual({});
  });
});
