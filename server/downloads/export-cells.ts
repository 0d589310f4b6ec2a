// How a value becomes a file cell, in SQL: the same words and units the console shows (choices by label, related
// records by the label the list shows, Yes/No), dates and times in IST as ISO-like text that every spreadsheet and
// script reads as a date (2026-03-14, 2026-03-14 09:05; the Excel writer turns them into real date cells),
// money as rupees and energy as kWh (numbers, the unit in the header), text that a spreadsheet would run as a
// formula written with a leading apostrophe. The database formats a whole batch, so an export hands one text per
// batch to JavaScript (PGlite's cost is per value it hands over), CSV quoting included. Each expression refers to
// its value once, so nothing under it is evaluated twice per cell.
import { sql, type SQL } from 'drizzle-orm';
import { FORMULA_START, neutralise } from '@domain/csv';
import type { FieldDef } from '@domain/resource/field';

const IST = 'Asia/Kolkata';
/** A time's cell: IST, year first, 24-hour (2026-03-14 09:05). */
const DATETIME_CELL = 'YYYY-MM-DD HH24:MI';
/** A date's cell: year first (2026-03-14). */
const DATE_CELL = 'YYYY-MM-DD';

/**
 * A cell of a date or time column (text the database wrote as above) as an Excel date: the IST wall-clock time as
 * the date's UTC parts, since an Excel date has no time zone and should read as the console does. Empty stays empty.
 */
export function excelDateCell(text: unknown): Date | string {
  if (typeof text !== 'string' || text === '') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/.exec(text);
  if (!match) return text;
  const [, y, mo, d, h = '0', mi = '0'] = match;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
}

/** Text with a leading apostrophe when it would start a formula; Excel and LibreOffice show it as text. */
function neutralised(text: SQL): SQL {
  return sql`regexp_replace(${text}, ${FORMULA_START}, '''\\1')`;
}

/** A choice's label for its stored value (the value itself when the choice no longer lists it). */
function optionLabel(def: FieldDef, value: SQL): SQL {
  const cases = def.options!.map((o) => sql`when ${o.value} then ${o.label}`);
  return sql`(case ${value}::text ${sql.join(cases, sql` `)} else ${value}::text end)`;
}

/** True when a field's cell is a number (money, energy, counts, measures). */
export function isNumberCell(def: FieldDef): boolean {
  if (def.display === 'money' || def.display === 'energy') return true;
  return def.display !== 'relation' && !def.options && (def.storage === 'integer' || def.storage === 'double' || def.storage === 'bigint');
}

/**
 * A field's cell as SQL: numeric for number cells, text otherwise, null when empty. `value` is the stored value,
 * `label` the related record's label (relation fields).
 */
export function cellSql(def: FieldDef, value: SQL, label?: SQL): SQL {
  if (def.display === 'money') return sql`(${value}::float8 / 100)`;
  if (def.display === 'energy') return sql`(${value}::float8 / 1000)`;
  if (def.display === 'relation') return neutralised(sql`coalesce(${label ?? sql`null`}, ${value}::text)`);
  if (def.storage === 'boolean') return sql`(case ${value} when true then 'Yes' when false then 'No' end)`;
  if (def.storage === 'timestamp') return sql`to_char(${value} at time zone ${IST}, ${DATETIME_CELL})`;
  if (def.storage === 'date') return sql`to_char(${value}, ${DATE_CELL})`;
  if (isNumberCell(def)) return value;
  if (def.storage === 'textArray') {
    const item = def.options ? optionLabel(def, sql`item`) : sql`item`;
    return neutralised(sql`array_to_string(array(select ${item} from unnest(${value}) with ordinality as items(item, n) order by n), ', ')`);
  }
  if (def.storage === 'jsonb') {
    const element = sql`(case jsonb_typeof(item) when 'string' then item #>> '{}' else item::text end)`;
    return neutralised(
      sql`(case jsonb_typeof(${value}) when 'array' then array_to_string(array(select ${element} from jsonb_array_elements(${value}) with ordinality as items(item, n) order by n), ', ') when 'string' then ${value} #>> '{}' else ${value}::text end)`,
    );
  }
  if (def.options) return neutralised(optionLabel(def, value));
  return neutralised(sql`${value}::text`);
}

/** A cell of a CSV line: empty for null; text always quoted (RFC 4180, quotes doubled); numbers bare. */
export function csvCellSql(def: FieldDef, value: SQL, label?: SQL): SQL {
  if (def.options && def.storage === 'text') {
    // The labels are constants: neutralised and quoted here once, not per row.
    const cases = def.options.map((o) => sql`when ${o.value} then ${`"${neutralise(o.label).replace(/"/g, '""')}"`}`);
    return sql`coalesce((case ${value}::text ${sql.join(cases, sql` `)} else '"' || replace(${neutralised(sql`${value}::text`)}, '"', '""') || '"' end), '')`;
  }
  const cell = cellSql(def, value, label);
  if (isNumberCell(def)) return sql`coalesce(${cell}::text, '')`;
  return sql`coalesce('"' || replace(${cell}, '"', '""') || '"', '')`;
}

/** A cell of an Excel row (JSON): numbers as numbers, text as text, '' when empty. */
export function jsonCellSql(def: FieldDef, value: SQL, label?: SQL): SQL {
  const cell = cellSql(def, value, label);
  return isNumberCell(def) ? sql`coalesce(to_jsonb(${cell}), to_jsonb(''::text))` : sql`to_jsonb(coalesce(${cell}, ''))`;
}

/** A CSV line of text cells (the header), quoted as the cells are. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');
}
