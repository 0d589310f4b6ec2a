// Writers of export files, streamed to a local file batch by batch: CSV as the database wrote its lines (UTF-8 with
// a BOM, so Excel shows Hindi names; back-pressure respected), Excel through exceljs's streaming WorkbookWriter (no
// shared strings, every row committed as it is added, a new sheet every 1,048,576 rows). Memory stays flat whatever
// the row count.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { EXCEL_MAX_ROWS_PER_SHEET } from '@domain/downloads';
import { csvLine, excelDateCell } from './export-cells';
import type { ExportChunk } from './export-rows';

/**
 * A column of the file: its header, and what it holds: rupees (Excel shows them with two decimals), kWh, dates or
 * times (real Excel dates, shown day/month/year), or text.
 */
export interface FileColumn {
  header: string;
  kind?: 'money' | 'energy' | 'date' | 'datetime' | 'text';
}

/** Excel's number format of each kind of column. */
const excelFormats: Partial<Record<NonNullable<FileColumn['kind']>, string>> = { money: '#,##0.00', energy: '0.000', date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm' };

/** Writes rows to a file. */
export interface ExportFileWriter {
  /** Adds a batch of rows (waits when the file stream is behind). */
  write(chunk: ExportChunk): Promise<void>;
  /** Ends the file (flushed and closed when it resolves). */
  finish(): Promise<void>;
  /** Stops writing (the caller deletes the partial file). */
  abort(): Promise<void>;
}

/** A CSV writer: BOM, a header row, then the batches' lines as the database wrote them (RFC 4180 quoting). */
export function createCsvWriter(filePath: string, columns: readonly FileColumn[]): ExportFileWriter {
  const out = createWriteStream(filePath);
  const done = finished(out);
  done.catch(() => undefined);
  out.write(`\uFEFF${csvLine(columns.map((c) => c.header))}\n`);
  return {
    async write(chunk) {
      if (!out.write(chunk.csv ?? '')) await once(out, 'drain');
    },
    async finish() {
      out.end();
      await done;
    },
    async abort() {
      out.destroy();
    },
  };
}

/** Options of createExcelWriter. */
export interface ExcelWriterOptions {
  /** Sheet name (the list's title, at most 31 characters; later sheets get " (2)", " (3)"…). */
  sheetName: string;
  /** Rows per sheet, header included (default Excel's 1,048,576; tests pass less). */
  maxRowsPerSheet?: number;
}

const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

/** An Excel writer over exceljs's streaming WorkbookWriter. */
export function createExcelWriter(filePath: string, columns: readonly FileColumn[], options: ExcelWriterOptions): ExportFileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useSharedStrings: false, useStyles: true });
  const perSheet = options.maxRowsPerSheet ?? EXCEL_MAX_ROWS_PER_SHEET;
  const base = options.sheetName.replace(SHEET_NAME_FORBIDDEN, ' ').slice(0, 24) || 'Export';
  let sheetNumber = 0;
  let rowsInSheet = 0;
  let sheet: ExcelJS.Worksheet;
  const newSheet = () => {
    sheetNumber += 1;
    sheet = workbook.addWorksheet(sheetNumber === 1 ? base : `${base} (${sheetNumber})`, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({
      header: c.header,
      width: Math.min(40, Math.max(c.kind === 'datetime' ? 17 : 10, c.header.length + 2)),
      style: c.kind && excelFormats[c.kind] ? { numFmt: excelFormats[c.kind] } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    rowsInSheet = 1;
  };
  newSheet();
  const dated = new Set(columns.flatMap((c, i) => (c.kind === 'date' || c.kind === 'datetime' ? [i] : [])));
  return {
    async write(chunk) {
      for (const row of chunk.cells ?? []) {
        if (rowsInSheet >= perSheet) {
          sheet.commit();
          newSheet();
        }
        sheet.addRow(dated.size > 0 ? row.map((cell, i) => (dated.has(i) ? excelDateCell(cell) : cell)) : row).commit();
        rowsInSheet += 1;
      }
      // Wait for the zip to take what the sheet wrote: exceljs's sheet stream writes into the zip entry without
      // waiting, so rows would pile up in memory when compressing or the disk is slower than the rows come
      // (a million rows grew the server by 342 MB). The entry's stream is exceljs's internal `_stream.pipes`.
      const entry = (sheet as unknown as { _stream?: { pipes?: NodeJS.WritableStream[] } })._stream?.pipes?.[0] as (NodeJS.WritableStream & { writableNeedDrain?: boolean }) | undefined;
      if (entry?.writableNeedDrain) await once(entry, 'drain');
      else await new Promise<void>((resolve) => setImmediate(resolve));
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
    async abort() {
      try {
        sheet.commit();
        await workbook.commit();
      } catch {
        // The partial file is deleted by the caller either way.
      }
    },
  };
}
