// The export job: reads a download's list by keyset in batches, writes CSV or Excel to a temporary file, renews
// its lease and records progress after each batch (where it also learns of a cancel), then moves the finished
// file into the FileStore and the download to READY. A partial file is never offered: the download names its
// file only once the file is complete and in place.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEFAULT_EXPORT_ROW_LIMIT, exportColumns, exportHeader, type ConfiguredColumn } from '@domain/downloads';
import type { Resource } from '@domain/resource/define-resource';
import { listQuerySchema } from '@domain/resource/list-query';
import { resources } from '@domain/resource/registry';
import type { Database } from '@server/db/database';
import { resourceTable } from '@server/db/resource-tables';
import { giveWay, msSinceLastRequest } from '@server/http/request-gate';
import { JobFailedForGood, type JobContext, type JobHandler } from '@server/jobs/job-worker';
import { scopeConditions, tableOf } from '@server/resources/resource-query';
import type { FileStore } from '@server/uploads/file-store';
import { countExportRows, exportChunks, type ExportSource } from './export-rows';
import { EXPORT_HEAP_FROM_ROWS, withExportHeap } from './export-heap';
import { createCsvWriter, createExcelWriter, type ExportFileWriter, type FileColumn } from './export-file';
import { loadDownload, moveDownload, recordProgress, type DownloadChange, type DownloadRow } from './download-state';

/** Kind of the export job. */
export const EXPORT_JOB = 'download.export';

/**
 * Rows read per batch at most (one statement). While the console is busy (a request began in the last
 * EXPORT_BUSY_MS) batches are EXPORT_MIN_BATCH_ROWS (EXPORT_MIN_BATCH_ROWS_EMBEDDED on PGlite); once it is quiet
 * they double batch by batch up to this: on PGlite a request waits for the statement running when it arrives, so a
 * busy console gets short statements.
 */
export const EXPORT_BATCH_ROWS = 4_000;
/**
 * The batch while requests are arriving, on PostgreSQL: its statement runs in the database's own process while this
 * one answers requests. bench:export, PostgreSQL, `--only csv`, three runs with 500 rows: 9.7-14.8 s, the list
 * 1.39-1.52× its idle p95; eight with 250 rows: 10.7-21.9 s, 1.18-1.54×.
 */
export const EXPORT_MIN_BATCH_ROWS = 500;
/**
 * The same on PGlite, which runs each statement in this process's event loop: a request waits for the batch running
 * when it arrives, about 2.5 ms for 250 rows against 4-5 ms for 500 (bench:export: the list's p95 during an export
 * 9.9-11.8 ms with 500, 7.6-8.9 ms with 250; with 150 the export took 18-22 s instead of 13-17 and the p95 did not
 * fall further).
 */
export const EXPORT_MIN_BATCH_ROWS_EMBEDDED = 250;
/** A request began this recently: the console is busy. */
export const EXPORT_BUSY_MS = 250;

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
  /** Rows per batch while requests are arriving (default EXPORT_MIN_BATCH_ROWS; the server passes EXPORT_MIN_BATCH_ROWS_EMBEDDED on PGlite). */
  busyBatchRows?: number;
  /** Least time between two progress reports (default 250 ms; tests pass 0 to see every batch). */
  progressEveryMs?: number;
}

/** Least time between two progress reports of an export (lease, progress, live event). */
export const PROGRESS_EVERY_MS = 250;

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
    const kind = def.display === 'money' ? 'money' : def.display === 'energy' ? 'energy' : def.storage === 'timestamp' ? 'datetime' : def.storage === 'date' ? 'date' : 'text';
    return { header: exportHeader(def, c.header), kind };
  });
}

/** The handler of export jobs. */
export function exportJobHandler(deps: ExportDeps): JobHandler {
  const batchRows = deps.batchRows ?? EXPORT_BATCH_ROWS;
  // Each move's live event (moveDownload announces it once committed). One lost costs a console a refresh, not the
  // export: the lists read again while the live channel is closed.
  const announce = deps.publish && ((change: DownloadChange) => void deps.publish!(DOWNLOAD_CHANNEL, change).catch(() => {}));
  return {
    async run(ctx: JobContext) {
      const { db } = ctx;
      const id = Number(ctx.job.subject);
      let download = await loadDownload(db, id);
      if (!download || !['QUEUED', 'RUNNING'].includes(String(download.status))) return; // cancelled meanwhile
      if (download.status === 'QUEUED') {
        if (!(await moveDownload(db, id, { type: 'START' }, { rowsWritten: 0, error: null }, ctx.now(), announce))) return;
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
      const reportProgress = async (done: number) => {
        await ctx.heartbeat({ done, total });
        await recordProgress(db, id, done);
        await deps.publish?.(DOWNLOAD_CHANNEL, { id, status: 'RUNNING', rowsWritten: done, rowCount: total, requestedBy: download.requestedBy });
      };
      const writer: ExportFileWriter = xlsx ? createExcelWriter(temp, header, { sheetName: source.resource.plural, maxRowsPerSheet: deps.maxRowsPerSheet }) : createCsvWriter(temp, header);
      let written = 0;
      let reported = 0;
      let reportedAt = 0;
      const progressEveryMs = deps.progressEveryMs ?? PROGRESS_EVERY_MS;
      try {
        const exportRows = async () => {
          const smallest = Math.min(deps.busyBatchRows ?? EXPORT_MIN_BATCH_ROWS, batchRows);
          let size = smallest;
          const batchSize = () => (size = msSinceLastRequest() < EXPORT_BUSY_MS ? smallest : Math.min(batchRows, maxRows, size * 2));
          for await (const chunk of exportChunks(db, source, { batchSize, fields: columns.map((c) => c.field), format: xlsx ? 'cells' : 'csv' })) {
            if (written + chunk.count > maxRows) throw new Error('The export read more rows than its limit.');
            await writer.write(chunk);
            written += chunk.count;
            // The lease, the progress and the live event, at most every progressEveryMs (the first batch always);
            // the heartbeat is also where a cancel is learned.
            if (reported === 0 || performance.now() - reportedAt >= progressEveryMs) {
              await reportProgress(written);
              reported = written;
              reportedAt = performance.now();
            }
            if (written >= maxRows) break;
            // Requests first: PGlite shares this event loop and answers one statement at a time.
            await giveWay();
          }
          if (reported !== written) await reportProgress(written);
          await writer.finish();
        };
        // A small export makes little garbage: not worth a full collection at its start.
        await (total >= EXPORT_HEAP_FROM_ROWS ? withExportHeap(exportRows) : exportRows());
      } catch (error) {
        await writer.abort();
        await rm(temp, { force: true });
        throw error;
      }
      const now = ctx.now();
      const key = `private/downloads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('base64url')}.${ext}`;
      if (!deps.store.putFile) throw new JobFailedForGood('The file store cannot keep large files.');
      await deps.store.putFile(key, temp, '');
      const to = await moveDownload(db, id, { type: 'FINISH' }, { filePath: key, rowsWritten: written, rowCount: written, finishedAt: now }, now, announce);
      // Cancelled while the file was moved into place: it is never offered.
      if (!to) await deps.store.delete(key);
    },
    async onFailed({ db, job, state, error, now }) {
      const id = Number(job.subject);
      if (state === 'queued') await moveDownload(db, id, { type: 'REQUEUE' }, { error: `Attempt failed, retrying: ${error}`.slice(0, 500) }, now, announce);
      else await moveDownload(db, id, { type: 'FAIL' }, { error: error.slice(0, 500), finishedAt: now }, now, announce);
    },
  };
}
