// Rows inserted by columns (one array parameter per column, taken apart by unnest) must read back exactly as they
// were given, on both drivers: nulls, quotes, backslashes, braces and commas (the array syntax's own characters), the
// text "NULL", JSON, dates and fractions; and one statement text serves any number of rows.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { ocppMessages, ocppMeterValues } from '@server/db/tables/ocpp';
import { unnestInsert } from '@server/db/unnest-insert';
import { createMessageLog } from '@server/ocpp/message-log';
import { insertMeterRows, type MeterRow } from '@server/ocpp/meter-store';
import { createTestDatabase, testDrivers } from '@tests/server/support/test-database';

interface Message {
  chargerId: number;
  messageId: string | null;
  action: string | null;
  payload: unknown;
  createdAt: Date;
}

const insertMessages = unnestInsert<Message>(ocppMessages, [
  { column: ocppMessages.chargerId, type: 'bigint', value: (m) => m.chargerId },
  { column: ocppMessages.direction, type: 'text', value: () => 'IN' },
  { column: ocppMessages.messageType, type: 'text', value: () => 'CALL' },
  { column: ocppMessages.messageId, type: 'text', value: (m) => m.messageId },
  { column: ocppMessages.action, type: 'text', value: (m) => m.action },
  { column: ocppMessages.payload, type: 'jsonb', value: (m) => m.payload },
  { column: ocppMessages.createdAt, type: 'timestamptz', value: (m) => m.createdAt },
]);

describe.each(testDrivers)('unnest inserts on %s', (driver) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('reads every value back as it was given', async () => {
    const awkward = ['a "quoted" word', 'back\\slash', '{braces}, commas', 'NULL', '', 'नमस्ते ⚡', "it's"];
    const rows: Message[] = awkward.map((text, i) => ({
      chargerId: 9_000_000_000 + i,
      messageId: text,
      action: i % 2 === 0 ? null : text,
      payload: i === 3 ? null : { text, list: [1, 'two', null], nested: { quote: '"', slash: '\\' } },
      createdAt: new Date(Date.UTC(2026, 10, 27, 8, 0, i, 123)),
    }));
    await insertMessages(database.db, rows);
    const back = await database.db
      .select({ chargerId: ocppMessages.chargerId, messageId: ocppMessages.messageId, action: ocppMessages.action, payload: ocppMessages.payload, createdAt: ocppMessages.createdAt })
      .from(ocppMessages)
      .where(sql`${ocppMessages.chargerId} >= 9000000000`)
      .orderBy(ocppMessages.chargerId);
    expect(back).toEqual(rows);
  });

  it('logs frames with their payloads, a huge one as a note of its size', async () => {
    const errors: unknown[] = [];
    const log = createMessageLog(database.db, (e) => errors.push(e), 10);
    const frame = { chargerId: 7_000_000_000, direction: 'IN' as const, messageType: 'CALL' as const, messageId: 'm1', action: 'DataTransfer', errorCode: null, createdAt: new Date('2026-11-27T09:00:00.000Z') };
    await Promise.all([
      log.add({ ...frame, payload: { vendorId: 'x', data: 'y'.repeat(10_000) } }),
      log.add({ ...frame, messageId: 'm2', payload: { vendorId: 'x', data: 'a "b" \\ c' } }),
      log.add({ ...frame, messageId: 'm3', payload: null }),
    ]);
    await log.close();
    expect(errors).toEqual([]);
    const back = await database.db.select({ messageId: ocppMessages.messageId, payload: ocppMessages.payload }).from(ocppMessages).where(eq(ocppMessages.chargerId, 7_000_000_000)).orderBy(ocppMessages.messageId);
    expect(back).toEqual([
      { messageId: 'm1', payload: { truncated: true, characters: JSON.stringify({ vendorId: 'x', data: 'y'.repeat(10_000) }).length } },
      { messageId: 'm2', payload: { vendorId: 'x', data: 'a "b" \\ c' } },
      { messageId: 'm3', payload: null },
    ]);
  });

  it("stores a NUL character (which PostgreSQL's text and jsonb refuse) as U+FFFD, so one charger's frame fails no batch", async () => {
    const errors: unknown[] = [];
    const log = createMessageLog(database.db, (e) => errors.push(e), 10);
    const frame = { chargerId: 7_000_000_001, direction: 'IN' as const, messageType: 'CALL' as const, action: 'DataTransfer', errorCode: null, createdAt: new Date('2026-11-27T09:00:00.000Z') };
    await Promise.all([
      log.add({ ...frame, messageId: 'n\u0000ul', payload: { vendorId: 'x', data: 'a\u0000b', ['k\u0000']: ['\u0000'] } }),
      log.add({ ...frame, messageId: 'plain', payload: { vendorId: 'x', data: 'a\\u0000b' } }),
    ]);
    await log.close();
    expect(errors).toEqual([]);
    expect(log.stats()).toMatchObject({ stored: 2, lost: 0 });
    const back = await database.db.select({ messageId: ocppMessages.messageId, payload: ocppMessages.payload }).from(ocppMessages).where(eq(ocppMessages.chargerId, 7_000_000_001)).orderBy(ocppMessages.id);
    expect(back).toEqual([
      { messageId: 'n\uFFFDul', payload: { vendorId: 'x', data: 'a\uFFFDb', ['k\uFFFD']: ['\uFFFD'] } },
      // A backslash and "u0000" as text is not a NUL character, and is kept as it is.
      { messageId: 'plain', payload: { vendorId: 'x', data: 'a\\u0000b' } },
    ]);
  });

  it('stores meter samples with nulls and fractions, any number at a time', async () => {
    const sample = (i: number): MeterRow => ({
      chargerId: 8_000_000_000,
      connectorId: 1 + (i % 2),
      transactionId: i % 3 === 0 ? null : 42 + i,
      sampledAt: new Date(Date.UTC(2026, 10, 27, 9, i)),
      energyWh: 1234.5 + i,
      powerW: i % 4 === 0 ? null : 7400.25,
      currentA: 32,
      voltageV: 230.1,
      soc: i % 5 === 0 ? null : 55.5,
    });
    await insertMeterRows(database.db, [sample(0)]);
    await insertMeterRows(database.db, Array.from({ length: 150 }, (_, i) => sample(i + 1)));
    await insertMeterRows(database.db, []);
    const back = await database.db
      .select({ chargerId: ocppMeterValues.chargerId, connectorId: ocppMeterValues.connectorId, transactionId: ocppMeterValues.transactionId, sampledAt: ocppMeterValues.sampledAt, energyWh: ocppMeterValues.energyWh, powerW: ocppMeterValues.powerW, currentA: ocppMeterValues.currentA, voltageV: ocppMeterValues.voltageV, soc: ocppMeterValues.soc })
      .from(ocppMeterValues)
      .where(eq(ocppMeterValues.chargerId, 8_000_000_000))
      .orderBy(ocppMeterValues.sampledAt);
    expect(back).toEqual(Array.from({ length: 151 }, (_, i) => sample(i)));
  });
});
