// Exports write dates as dates: real date cells in Excel (the IST date and time, shown day/month/year), ISO-like text
// in CSV; and the bookings report names the customer, the payment mode and the city by default.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResource } from '@domain/resources/downloads/download';
import type { OpenDatabase } from '@server/db/open-database';
import { appJobHandlers } from '@server/jobs/app-jobs';
import { startJobWorkers, type JobWorkers } from '@server/jobs/job-worker';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app';
import { createTestDatabase, testDrivers } from '../support/test-database';

const BASE = downloadResource.apiPath;
const BOOKINGS = '/booking-service/admin/booking';

/** The IST wall-clock time of an instant, as the parts of a UTC date (how an Excel date holds it). */
const istParts = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000);

describe.each(testDrivers)('export dates on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;
  let dataDir: string;
  let finance: string;
  let workers: JobWorkers;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'czo-export-dates-'));
    database = await createTestDatabase(driver);
    t = createTestApp(database, { DATA_DIR: dataDir });
    finance = (await signIn(t, '9000000004')).authKey;
    workers = startJobWorkers({ db: database.db, handlers: appJobHandlers({ db: database.db, config: t.config }), count: 1, pollMs: 50, now: t.clock.now, logger: { info: () => {}, warn: () => {}, error: () => {} } });
  });
  afterAll(async () => {
    await workers?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Requests an export, lets the worker make it, and answers the file's bytes. */
  const exported = async (body: Record<string, unknown>): Promise<Buffer> => {
    const created = await call(t, 'POST', BASE, { authKey: finance, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await workers.drain();
    const link = await call(t, 'POST', `${BASE}/${created.body.id}/link`, { authKey: finance });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    return Buffer.from(await (await t.app.request(link.body.url as string)).arrayBuffer());
  };

  it('writes a time as an Excel date cell holding its IST date and time, and a CSV time as YYYY-MM-DD HH:MM', async () => {
    const query = 'status=COMPLETED&sort=startedAt,desc';
    const list = await call(t, 'GET', `${BOOKINGS}?${query}&size=5`, { authKey: finance });
    const first = (list.body.items as Record<string, unknown>[])[0]!;

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exported({ resource: 'bookings', query, format: 'XLSX', columns: ['id', 'startedAt', 'endedAt'] })) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Booking', 'Started', 'Ended']);
    const started = sheet.getRow(2).getCell(2);
    expect(started.type).toBe(ExcelJS.ValueType.Date);
    expect(started.value).toBeInstanceOf(Date);
    const ist = istParts(first.startedAt as string);
    ist.setUTCSeconds(0, 0);
    expect((started.value as Date).toISOString()).toBe(ist.toISOString());
    expect(started.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.getRow(2).getCell(1).value).toBe(first.id);

    const csv = parse<string[]>((await exported({ resource: 'bookings', query, format: 'CSV', columns: ['id', 'startedAt'] })).toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(csv[1]).toEqual([String(first.id), ist.toISOString().slice(0, 16).replace('T', ' ')]);
  });

  it('the bookings report has the customer’s name and number, the payment mode and the city by default', async () => {
    const query = 'sort=startedAt,desc';
    const list = await call(t, 'GET', `${BOOKINGS}?${query}&size=3`, { authKey: finance });
    const first = (list.body.items as Record<string, unknown>[])[0]!;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exported({ reportType: 'BOOKINGS', query, format: 'XLSX' })) as never);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(['Customer name', 'Customer', 'Payment mode', 'City']));
    const cell = (header: string) => sheet.getRow(2).getCell(headers.indexOf(header) + 1).value;
    const labels = first._labels as Record<string, string>;
    expect(cell('Customer name')).toBe(labels.userId);
    expect(cell('City')).toBe(labels.cityId);
    expect(cell('Payment mode')).toBeTruthy();
    expect(sheet.getRow(2).getCell(headers.indexOf('Started') + 1).type).toBe(ExcelJS.ValueType.Date);
  });
});
