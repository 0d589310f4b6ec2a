// A batch of commands is announced to the processes holding their chargers in one notification per process, split
// only past COMMANDS_PER_ANNOUNCEMENT, each under NOTIFY's payload limit.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES } from '@server/live/notification-bus';
import { commandAnnouncements } from '@server/ocpp/central-system';

describe('commandAnnouncements', () => {
  it('groups a batch by the process holding each charger, splits a large one, and keeps every command once', () => {
    const nodes = ['host-a:1234:0f3c9a2e-5b7d-4e1f-9a6b-2c8d7e6f5a4b', 'host-b:99:1a2b3c4d'];
    const commands = Array.from({ length: 250 }, (_, i) => ({ commandId: randomUUID(), chargerId: 1_000_000 + i, node: nodes[i % 7 === 0 ? 1 : 0]! }));
    const announcements = commandAnnouncements(commands);
    const toA = announcements.filter((a) => a.node === nodes[0]);
    const toB = announcements.filter((a) => a.node === nodes[1]);
    expect(toB).toHaveLength(1);
    expect(toA.length).toBeGreaterThan(1);
    for (const a of announcements) expect(Buffer.byteLength(JSON.stringify(a))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const announced = announcements.flatMap((a) => a.commands.map((c) => ({ ...c, node: a.node })));
    expect(announced.sort((x, y) => x.chargerId - y.chargerId)).toEqual(commands);
    expect(commandAnnouncements([])).toEqual([]);
  });
});
