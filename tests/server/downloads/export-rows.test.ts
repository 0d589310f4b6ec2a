// The cells of an export, formatted by the database (server/downloads/export-cells.ts): every list exports every
// column it offers without an error, a cell reads as the list shows its value, and labels read at the start of an
// export or looked up per batch give the same file.
import { parse } from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offeredColumns } from '@domain/downloads';
import type { Resource } from '@domain/resource/define-resource';
import { listQuerySchema } from '@domain/resource/list-query';
import { resources } from '@domain/resource/registry';
import type { OpenDatabase } from '@server/db/open-database';
import { exportChunks, type ExportChunk } from '@server/downloads/export-rows';
import { tableOf } from '@server/resources/resource-query';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app';
import { createTestDatabase, testDrivers } from '../support/test-database';

/** A time as an export writes it: IST, year first, 24-hour ("2026-03-14 09:05"). */
const exportedTime = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

const stored = resources.filter((r) => {
  try {
    tableOf(r);
    return true;
  } catch {
    return false;
  }
});

describe.each(testDrivers)('export cells on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    t = createTestApp(database);
    admin = (await signIn(t, '9000000001')).authKey;
  });
  afterAll(async () => {
    await database?.close();
  });

  const chunks = async (resource: Resource, query: Record<string, string>, fields: readonly string[], format: 'csv' | 'cells', options: { batchSize?: number; preloadLabelsUpTo?: number; limit?: number } = {}) => {
    const out: ExportChunk[] = [];
    let rows = 0;
    const source = { resource, query: listQuerySchema(resource).parse(query), extra: [] };
    for await (const chunk of exportChunks(database.db, source, { batchSize: options.batchSize ?? 25, fields, format, preloadLabelsUpTo: options.preloadLabelsUpTo })) {
      out.push(chunk);
      rows += chunk.count;
      if (rows >= (options.limit ?? Infinity)) break;
    }
    return out;
  };

  it('every list exports every column it offers, in CSV and as Excel cells, the same with labels read at the start or per batch', async () => {
    expect(stored.length).toBeGreaterThan(50);
    for (const resource of stored) {
      const fields = offeredColumns(resource, undefined).map((c) => c.field);
      const preloaded = await chunks(resource, {}, fields, 'csv', { batchSize: 12, limit: 20 });
      const perBatch = await chunks(resource, {}, fields, 'csv', { batchSize: 12, limit: 20, preloadLabelsUpTo: 0 });
      expect(perBatch.map((c) => c.csv), resource.name).toEqual(preloaded.map((c) => c.csv));
      const lines = parse<string[]>(preloaded.map((c) => c.csv).join(''), { skipEmptyLines: true }).data;
      expect(lines.length, resource.name).toBe(preloaded.reduce((n, c) => n + c.count, 0));
      for (const line of lines) expect(line.length, `${resource.name}: ${line.join(',')}`).toBe(fields.length);
      const cells = await chunks(resource, {}, fields, 'cells', { batchSize: 12, limit: 20 });
      expect(cells.flatMap((c) => c.cells!).map((row) => row.length), resource.name).toEqual(lines.map(() => fields.length));
    }
  }, 120_000);

  it('a cell reads as the list shows the value (times in IST, year first), rupees, kWh, the labels of choices and related records, Yes/No', async () => {
    const bookings = resources.find((r) => r.name === 'bookings')!;
    const fields = ['id', 'startedAt', 'amount', 'energyWh', 'status', 'paymentMode', 'userId', 'chargerId', 'cityId'];
    const list = await call(t, 'GET', `${bookings.apiPath}?size=60&sort=amount,desc`, { authKey: admin });
    expect(list.status).toBe(200);
    const items = list.body.items as Record<string, unknown>[];
    const csv = parse<string[]>((await chunks(bookings, { sort: 'amount,desc' }, fields, 'csv', { batchSize: 7, limit: 60 })).map((c) => c.csv).join(''), { skipEmptyLines: true }).data;
    const cells = (await chunks(bookings, { sort: 'amount,desc' }, fields, 'cells', { batchSize: 7, limit: 60 })).flatMap((c) => c.cells!);
    const choice = (field: string, value: unknown) => bookings.allFields[field]!.options!.find((o) => o.value === value)!.label;
    const expected = items.map((item) => {
      const labels = item._labels as Record<string, string | null>;
      return [
        String(item.id),
        exportedTime(item.startedAt as string),
        String(Number(item.amount) / 100),
        String(Number(item.energyWh) / 1000),
        choice('status', item.status),
        choice('paymentMode', item.paymentMode),
        labels.userId ?? String(item.userId),
        labels.chargerId ?? String(item.chargerId),
        labels.cityId ?? String(item.cityId ?? ''),
      ];
    });
    expect(csv.slice(0, items.length)).toEqual(expected);
    expect(cells.slice(0, items.length).map((row) => row.map(String))).toEqual(expected);
    expect(typeof cells[0]![2]).toBe('number');

    const promos = resources.find((r) => r.name === 'promo-codes')!;
    const promoList = await call(t, 'GET', `${promos.apiPath}?size=20`, { authKey: admin });
    expect(promoList.status).toBe(200);
    const promoItems = promoList.body.items as Record<string, unknown>[];
    expect(promoItems.length).toBeGreaterThan(0);
    const promoCsv = parse<string[]>((await chunks(promos, {}, ['code', 'validFrom', 'isActive'], 'csv', { limit: 20 })).map((c) => c.csv).join(''), { skipEmptyLines: true }).data;
    expect(promoCsv.slice(0, promoItems.length)).toEqual(promoItems.map((p) => [String(p.code), exportedTime(p.validFrom as string), p.isActive ? 'Yes' : 'No']));
  });

  it('a date is year-month-day', async () => {
    const dated = stored.flatMap((r) => Object.entries(r.allFields).filter(([, d]) => d.storage === 'date').map(([field]) => ({ resource: r, field })));
    expect(dated.length).toBeGreaterThan(0);
    const { resource, field } = dated[0]!;
    const list = await call(t, 'GET', `${resource.apiPath}?size=20`, { authKey: admin });
    expect(list.status, resource.name).toBe(200);
    const items = list.body.items as Record<string, unknown>[];
    expect(items.length).toBeGreaterThan(0);
    const csv = parse<string[]>((await chunks(resource, {}, [resource.idField, field], 'csv', { limit: 20 })).map((c) => c.csv).join(''), { skipEmptyLines: true }).data;
    expect(csv.slice(0, items.length)).toEqual(items.map((item) => [String(item[resource.idField]), item[field] ? String(item[field]).slice(0, 10) : '']));
  });
});
