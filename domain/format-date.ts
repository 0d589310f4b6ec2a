/** Dates as the console shows them: day/month/year with 12-hour times, in IST by default or in UTC where asked. */

/** The zones the console shows: IST (Asia/Kolkata) or UTC. */
export type DisplayZone = 'IST' | 'UTC';

/** A value that may hold a date: a Date, an ISO string or epoch milliseconds. */
export type DateInput = Date | string | number | null | undefined;

/** Receives the error when a value is not a valid date; default console.error. */
export type DateErrorLogger = (message: string, value: unknown) => void;

/** Options of the date formatters. */
export interface FormatDateOptions {
  /** Zone to show the date in; default 'IST'. */
  zone?: DisplayZone;
  /** Where invalid dates are reported; default console.error. */
  logger?: DateErrorLogger;
}

const timeZones: Record<DisplayZone, string> = { IST: 'Asia/Kolkata', UTC: 'UTC' };

const defaultLogger: DateErrorLogger = (message, value) => console.error(message, value);

// One formatter per zone, built lazily: constructing Intl formatters is costly in long tables.
const formatters = new Map<DisplayZone, Intl.DateTimeFormat>();
function formatterFor(zone: DisplayZone): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-IN', {
      timeZone: timeZones[zone],
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      // h12 (1–12), not hour12: some locales resolve hour12 to h11 and show midnight as "00:00 am".
      hourCycle: 'h12',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True for values that mean "no date" (shown as a dash without logging). */
function isEmpty(value: DateInput): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Parses a date value; null when empty or invalid (invalid ones are logged; default logger console.error). */
export function parseDateOrNull(value: DateInput, logger: DateErrorLogger = defaultLogger): Date | null {
  if (isEmpty(value)) return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(typeof value === 'string' ? value.trim() : value);
  if (Number.isNaN(date.getTime())) {
    logger('Invalid date value', value);
    return null;
  }
  return date;
}

/** The day, month, year, hour, minute and am/pm of a date in a zone. */
function partsOf(date: Date, zone: DisplayZone): Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'dayPeriod', string> {
  const out = { day: '', month: '', year: '', hour: '', minute: '', dayPeriod: '' };
  for (const part of formatterFor(zone).formatToParts(date)) {
    if (part.type in out) out[part.type as keyof typeof out] = part.value;
  }
  // Built from parts so every engine renders the same text ("pm", not "PM" or "p.m.").
  out.dayPeriod = out.dayPeriod.toLowerCase().replace(/\./g, '');
  if (out.hour === '00') out.hour = '12'; // engines that ignore hourCycle fall back to h11
  return out;
}

const zoneSuffix = (zone: DisplayZone) => (zone === 'UTC' ? ' UTC' : '');

/** Formats a date as "22/11/2026" (IST by default, " UTC" appended for UTC); empty or invalid → "-". */
export function formatDate(value: DateInput, options: FormatDateOptions = {}): string {
  const zone = options.zone ?? 'IST';
  const date = parseDateOrNull(value, options.logger);
  if (!date) return '-';
  const p = partsOf(date, zone);
  return `${p.day}/${p.month}/${p.year}${zoneSuffix(zone)}`;
}

/** Formats a date and time as "22/11/2026, 07:05 pm" (IST by default, " UTC" appended for UTC); empty or invalid → "-". */
export function formatDateTime(value: DateInput, options: FormatDateOptions = {}): string {
  const zone = options.zone ?? 'IST';
  const date = parseDateOrNull(value, options.logger);
  if (!date) return '-';
  const p = partsOf(date, zone);
  return `${p.day}/${p.month}/${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}${zoneSuffix(zone)}`;
}
