// What typing finds in the palette: a summary page without a menu entry (Data Insights), and on a record's page the
// record's own action to a screen rather than the general one to the same screen, empty.
import { describe, expect, it } from 'vitest';
import { chargerRecordActions } from '@commands/charger-commands';
import { localCommands } from '@commands/palette-sources';
import { RankIndex } from '@commands/rank';
import type { Command } from '@commands/command';
import { fakeContext } from './fake-context';

/** The commands typing `query` lists first, best first (as the palette ranks them, no frecency). */
function typed(commands: readonly Command[], query: string, take = 3): Command[] {
  const result = new RankIndex(commands).search(query);
  return Array.from(result.order.subarray(0, Math.min(result.count, take))).map((i) => commands[i]!);
}

const options = { recordActions: chargerRecordActions };

describe('palette reach', () => {
  it('finds Data Insights, the opportunities summary, by its name, with the opportunities view permission', () => {
    const ctx = fakeContext({ permissions: new Set(['ROLE_VIEW_INVESTMENT_OPPORTUNITY']) });
    const [first] = typed(localCommands(ctx, null, options), 'data insights');
    expect(first).toMatchObject({ title: 'Data Insights', kind: 'page', href: '/sustain-capital-management/data-insights' });
    first!.run(ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/sustain-capital-management/data-insights');
    expect(localCommands(fakeContext(), null, options).map((c) => c.title)).not.toContain('Data Insights');
  });

  it('on a charger, "transfer" opens Transfer device with that charger, and nothing opens the empty form', () => {
    const ctx = fakeContext({ permissions: new Set(['ROLE_TRANSFER_DEVICE', 'ROLE_VIEW_CHARGERS']), location: '/charger-management/all-chargers/42' });
    const found = typed(localCommands(ctx, null, options), 'transfer', 10);
    expect(found[0]).toMatchObject({ title: 'Transfer device…', href: '/charger-management/transfer-device?charger=42' });
    expect(found.map((c) => c.href)).not.toContain('/charger-management/transfer-device');
    found[0]!.run(ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/charger-management/transfer-device?charger=42');
  });

  it('on home, "transfer" opens the Transfer device screen to pick a charger', () => {
    const ctx = fakeContext({ permissions: new Set(['ROLE_TRANSFER_DEVICE']), location: '/' });
    expect(typed(localCommands(ctx, null, options), 'transfer')[0]).toMatchObject({ title: 'Transfer device', href: '/charger-management/transfer-device' });
  });
});
