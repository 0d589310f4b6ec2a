// The export job: reads a download's list by keyset in batches, writes CSV or Excel to a temporary file, renews
// its lease and records progress after each batch (where it also learns of a cancel), then moves the finished
// file into the FileStore and the download to READY. A partial file is never offered: the download names its
// file only once the file is complete and in place.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cellValue, DEFAULT_EXPORT_ROW_LIMIT, exportColumns, exportHeader, type ConfiguredColumn } from '@domain/downloads';
import { formatDateTime } from '@domain/format-date';
import type { Resource } from '@domain/resource/define-resource';
import { listQuerySchema } from '@domain/resource/list-query';
import { resources } from '@domain/resource/registry';
import type { Database } from '@server/db/database';
import { resourceTable } from '@server/db/resource-tables';
import { JobFailedForGood, type JobContext, type JobHandler } from '@server/jobs/job-worker';
import { scopeConditions, tableOf } from '@server/resources/resource-query';
import type { FileStore } from '@server/uploads/file-store';
import { countExportRows, exportBatches, type ExportSource } from './export-rows';
import { createCsvWriter, createExcelWriter, type ExportFileWriter, type FileColumn } from './export-file';
import { loadDownload, moveDownload, recordProgress, type DownloadRow } from './download-state';

/** Kind of the export job. */
export const EXPORT_JOB = 'download.export';

/** Rows read per batch (one query, one progress update, one lease renewal). */
export const EXPORT_BATCH_ROWS = 2_000;

/** Where export files are written before they are complete. */
export function exportTempDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', '.exports');
}

/** What an export needs besides the database. */
export interface ExportDeps {
  store: FileStore;
  /** Folder of files being written. */
  tempDir: string;
  /** Publishes progress on the live channel (default none: the console polls). */
  publish?: (channel: string, payload: unknown) => Promise<void>;
  /** Rows per Excel sheet (tests pass less than Excel's 1,048,576). */
  maxRowsPerSheet?: number;
  batchRows?: number;
}

/** The channel a download's progress is published on. */
export const DOWNLOAD_CHANNEL = 'downloads';

const configurations = resourceTable('download_configurations');

/** A report type's configuration (columns offered and the row limit), or undefined. */
export async function downloadConfigurationOf(db: Database, reportType: string): Promise<{ columns: ConfiguredColumn[]; maxRows: number } | undefined> {
  if (reportType === 'LIST') return undefined;
  const [row] = await db.select().from(configurations).where(eq(configurations.reportType, reportType)).limit(1);
  if (!row || row.isActive === false) return undefined;
  return { columns: (row.columns as ConfiguredColumn[] | null) ?? [], maxRows: Number(row.maxRows) };
}

/** The list, query and scope a download exports, parsed as its list parses them (undefined when no longer valid). */
export function exportSourceOf(download: DownloadRow): ExportSource | string {
  const resource = resources.find((r) => r.name === download.source);
  if (!resource) return `The list ${String(download.source)} no longer exists.`;
  const params = Object.fromEntries(new URLSearchParams(String(download.query ?? '')));
  delete params.page;
  delete params.size;
  delete params.scope;
  const parsed = listQuerySchema(resource).safeParse(params);
  if (!parsed.success) return 'The list no longer accepts these filters.';
  const scope = download.scope ? resource.scopes?.[String(download.scope)] : undefined;
  const extra = scope ? scopeConditions(resource, tableOf(resource), scope.where, String(download.requestedBy), new Date(download.requestedAt as Date)) : [];
  return { resource, query: parsed.data, extra };
}

function fileColumns(resource: Resource, fields: readonly { field: string; header: string }[]): FileColumn[] {
  return fields.map((c) => {
    const def = resource.allFields[c.field]!;
    return { header: exportHeader(def, c.header), kind: def.display === 'money' ? 'money' : def.display === 'energy' ? 'energy' : 'text' };
  });
}

/** Formats instants per minute once (the text has minutes only; an export repeats them a lot). */
function minuteMemo(): (value: Date | string) => string {
  const cache = new Map<number, string>();
  return (value) => {
    const ms = value instanceof Date ? value.getTime() : Date.parse(value);
    if (Number.isNaN(ms)) return '';
    const minute = Math.floor(ms / 60_000);
    let text = cache.get(minute);
    if (text === undefined) {
      if (cache.size > 50_000) cache.clear();
      text = formatDateTime(minute * 60_000);
      cache.set(minute, text);
    }
    return text;
  };
}

/** The handler of export jobs. */
export function exportJobHandler(deps: ExportDeps): JobHandler {
  const batchRows = deps.batchRows ?? EXPORT_BATCH_ROWS;
  return {
    async run(ctx: JobContext) {
      const { db } = ctx;
      const id = Number(ctx.job.subject);
      let download = await loadDownload(db, id);
      if (!download || !['QUEUED', 'RUNNING'].includes(String(download.status))) return; // cancelled meanwhile
      if (download.status === 'QUEUED') {
        if (!(await moveDownload(db, id, { type: 'START' }, { rowsWritten: 0, error: null }, ctx.now()))) return;
        download = (await loadDownload(db, id))!;
      }
      const source = exportSourceOf(download);
      if (typeof source === 'string') throw new JobFailedForGood(source);
      const config = await downloadConfigurationOf(db, String(download.reportType));
      const maxRows = config?.maxRows ?? DEFAULT_EXPORT_ROW_LIMIT;
      const requested = download.columnFields ? String(download.columnFields).split(',').filter(Boolean) : undefined;
      const columns = exportColumns(source.resource, config?.columns, requested);
      const total = Math.min(maxRows, await countExportRows(db, source, maxRows));
      await recordProgress(db, id, 0, total);
      await ctx.heartbeat({ done: 0, total });

      const xlsx = download.format === 'XLSX';
      const ext = xlsx ? 'xlsx' : 'csv';
      await mkdir(deps.tempDir, { recursive: true });
      const temp = path.join(deps.tempDir, `${ctx.job.id}-${ctx.job.attempts}-${randomBytes(4).toString('hex')}.${ext}`);
      const header = fileColumns(source.resource, columns);
      const writer: ExportFileWriter = xlsx ? createExcelWriter(temp, header, { sheetName: source.resource.plural, maxRowsPerSheet: deps.maxRowsPerSheet }) : createCsvWriter(temp, header);
      const defs = columns.map((c) => source.resource.allFields[c.field]!);
      const dateTime = minuteMemo();
      let written = 0;
      try {
        for await (const batch of exportBatches(db, source, batchRows, columns.map((c) => c.field))) {
          const take = batch.rows.slice(0, maxRows - written);
          const rows = take.map((record) =>
            columns.map((c, i) => {
              const value = record[c.field];
              return cellValue(defs[i]!, value, value === null || value === undefined ? null : batch.labels[c.field]?.[String(value)], { dateTime });
            }),
          );
          await writer.write(rows);
          written += rows.length;
          await ctx.heartbeat({ done: written, total });
          await recordProgress(db, id, written);
          await deps.publish?.(DOWNLOAD_CHANNEL, { id, status: 'RUNNING', rowsWritten: written, rowCount: total, requestedBy: download.requestedBy });
          if (written >= maxRows) break;
          // Let waiting requests run between batches (PGlite shares this event loop).
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        await writer.finish();
      } catch (error) {
        await writer.abort();
        await rm(temp, { force: true });
        throw error;
      }
      const now = ctx.now();
      const key = `private/downloads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('base64url')}.${ext}`;
      if (!deps.store.putFile) throw new JobFailedForGood('The file store cannot keep large files.');
      await deps.store.putFile(key, temp, '');
      const to = await moveDownload(db, id, { type: 'FINISH' }, { filePath: key, rowsWritten: written, rowCount: written, finishedAt: now }, now);
      if (!to) {
        // Cancelled while the file was moved into place: it is never offered.
        await deps.store.delete(key);
        return;
      }
      await deps.publish?.(DOWNLOAD_CHANNEL, { id, status: 'READY', rowsWritten: written, rowCount: written, requestedBy: download.requestedBy });
    },
    async onFailed({ db, job, state, error, now }) {
      const id = Number(job.subject);
      if (state === 'queued') await moveDownload(db, id, { type: 'REQUEUE' }, { error: `Attempt failed, retrying: ${error}`.slice(0, 500) }, now);
      else {
        await moveDownload(db, id, { type: 'FAIL' }, { error: error.slice(0, 500), finishedAt: now }, now);
        await deps.publish?.(DOWNLOAD_CHANNEL, { id, status: 'FAILED' });
      }
    },
  };
}
