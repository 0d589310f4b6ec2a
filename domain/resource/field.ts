import { z } from 'zod';
import { coordinatesSchema, coordinatesValueSchema } from '../coordinates';
import { indianMobileSchema } from '../phone';
import { storableString } from '../storable-text';

/** How a value is stored: the column type of the field in its table. */
export type StorageType = 'text' | 'integer' | 'bigint' | 'double' | 'boolean' | 'timestamp' | 'date' | 'jsonb' | 'uuid' | 'textArray';

/** How a value is shown in a list cell or on a detail page. */
export type DisplayKind =
  | 'text'
  | 'number'
  | 'money'
  | 'energy'
  | 'date'
  | 'datetime'
  | 'status'
  | 'phone'
  | 'image'
  | 'images'
  | 'link'
  | 'boolean'
  | 'badge'
  | 'badges'
  | 'relation'
  | 'coordinates'
  | 'items'
  | 'lakhs'
  | 'json';

/** How a value is entered in a form: the field dispatcher renders one input per kind. */
export type InputKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'phone'
  | 'email'
  | 'url'
  | 'select'
  | 'multiSelect'
  | 'date'
  | 'datetime'
  | 'coordinates'
  | 'image'
  | 'images'
  | 'items'
  | 'boolean'
  | 'relation'
  | 'relations'
  | 'lakhs'
  | 'permissions'
  | 'keyValues';

/** An option of a select, status or badge field. */
export interface FieldOption {
  value: string;
  label: string;
  /** Tone of the status pill (default neutral). */
  tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info';
}

/** One field of a resource: its value schema, storage, display and input kinds. */
export interface FieldDef {
  label: string;
  /** Schema of an entered value (what create and update accept), before null handling. */
  input: z.ZodType;
  /** Schema of the stored value as the API returns it (null allowed unless notNull). */
  output: z.ZodType;
  storage: StorageType;
  display: DisplayKind;
  inputKind: InputKind;
  /** Required on create; also NOT NULL in the table unless the table is shared by several resources. */
  required: boolean;
  /** The column never holds null (it has a default or is always written). */
  notNull: boolean;
  /** Database default (SQL literal value) and form default. */
  defaultValue?: string | number | boolean;
  options?: readonly FieldOption[];
  /** Relation: the resource whose id this field holds. */
  relation?: string;
  unique?: boolean;
  /** Digit-only key filter (numeric ids, pin codes). */
  digitsOnly?: boolean;
  /** Fields of one item (items lists such as sockets). */
  itemFields?: Readonly<Record<string, FieldDef>>;
  /** Units shown beside the input or value. */
  unit?: string;
  /** One line of help under the input. */
  help?: string;
  /** Set by the server only (never in a form or a request body). */
  readOnly?: boolean;
  /** Text fields: a trigram index backs `q` search on it. */
  searchable?: boolean;
  /** Money: a signed amount (a ledger entry), shown with its sign either way ("+₹500", "−₹120"). */
  signed?: boolean;
  /** Codes: a socket type's code, shown as its display text from the socket types reference data ("CCS 2", not "CCS_2"). */
  socketType?: boolean;
}

type Opts = Partial<Pick<FieldDef, 'required' | 'unique' | 'help' | 'unit' | 'readOnly' | 'searchable' | 'defaultValue' | 'digitsOnly' | 'signed' | 'socketType'>> & {
  /** Maximum length of text. */
  max?: number;
  min?: number;
};

const REQUIRED = 'This field is required';

function make(label: string, base: Omit<FieldDef, 'label' | 'required' | 'notNull' | 'output'> & { output?: z.ZodType }, opts: Opts): FieldDef {
  const { max: _max, min: _min, ...rest } = opts;
  const required = opts.required ?? false;
  const notNull = required || opts.defaultValue !== undefined;
  const output = base.output ?? base.input;
  return { label, ...base, ...rest, required, notNull, output: notNull ? output : output.nullable() };
}

const requiredText = (max: number) => storableString({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `At most ${max} characters`);

/** Field builders: each returns the field's schemas and kinds from one call. */
export const f = {
  /** Single-line text (default max 200). */
  text: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: requiredText(opts.max ?? 200), output: z.string(), storage: 'text', display: 'text', inputKind: 'text' }, opts),
  /** Multi-line text (default max 5000). */
  longText: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: requiredText(opts.max ?? 5000), output: z.string(), storage: 'text', display: 'text', inputKind: 'textarea' }, opts),
  /** A code or identifier typed by staff: trimmed, upper-case letters, digits, _ - : (default max 64). */
  code: (label: string, opts: Opts = {}): FieldDef =>
    make(
      label,
      {
        input: requiredText(opts.max ?? 64).regex(/^[A-Za-z0-9_\-:.]+$/, 'Use letters, digits, _ - : . only'),
        output: z.string(),
        storage: 'text',
        display: 'text',
        inputKind: 'text',
      },
      opts,
    ),
  /** A whole number (default min 0). */
  int: (label: string, opts: Opts = {}): FieldDef =>
    make(
      label,
      {
        input: z.number({ error: REQUIRED }).int('Enter a whole number').min(opts.min ?? 0, `At least ${opts.min ?? 0}`).max(opts.max ?? 2_000_000_000),
        output: z.number(),
        storage: 'integer',
        display: 'number',
        inputKind: 'number',
      },
      opts,
    ),
  /** A decimal number (kW, percentages). */
  decimal: (label: string, opts: Opts = {}): FieldDef =>
    make(
      label,
      {
        input: z.number({ error: REQUIRED }).min(opts.min ?? 0, `At least ${opts.min ?? 0}`).max(opts.max ?? 1e12),
        output: z.number(),
        storage: 'double',
        display: 'number',
        inputKind: 'number',
      },
      opts,
    ),
  /** Money in integer paise; typed in rupees in forms, shown in INR. */
  money: (label: string, opts: Opts = {}): FieldDef =>
    make(
      label,
      {
        input: z.number({ error: REQUIRED }).int('Amount must be whole paise').min(opts.min ?? 0, 'Amount cannot be negative').max(1e15),
        output: z.number(),
        storage: 'bigint',
        display: 'money',
        inputKind: 'money',
      },
      opts,
    ),
  /** Energy in integer Wh, shown as kWh. */
  energy: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: z.number({ error: REQUIRED }).int().min(0).max(1e15), output: z.number(), storage: 'bigint', display: 'energy', inputKind: 'number', unit: 'Wh' }, opts),
  /** An amount in lakhs with its unit, as the investment opportunity form takes it. */
  lakhs: (label: string, opts: Opts = {}): FieldDef =>
    make(
      label,
      {
        input: z.strictObject({ valueIn: z.enum(['LAKHS', 'CRORES']), value: z.number({ error: REQUIRED }).positive('Must be more than 0').max(1e6) }),
        storage: 'jsonb',
        display: 'lakhs',
        inputKind: 'lakhs',
      },
      opts,
    ),
  /** An Indian mobile number, accepted in any common form, stored as 10 digits. */
  phone: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: indianMobileSchema, output: z.string(), storage: 'text', display: 'phone', inputKind: 'phone' }, opts),
  email: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: z.email('Enter a valid email address').max(200), output: z.string(), storage: 'text', display: 'text', inputKind: 'email' }, opts),
  /** A web address (http or https). */
  url: (label: string, opts: Opts = {}): FieldDef =>
    make(
      label,
      {
        input: z.url({ protocol: /^https?$/, error: 'Enter a web address starting with http:// or https://' }).max(2000),
        output: z.string(),
        storage: 'text',
        display: 'link',
        inputKind: 'url',
      },
      opts,
    ),
  /** One of fixed values; display 'status' (pill), 'badge' or 'text'. */
  choice: (label: string, options: readonly FieldOption[], opts: Opts & { display?: 'status' | 'badge' | 'text' } = {}): FieldDef => {
    const values = options.map((o) => o.value) as [string, ...string[]];
    return make(
      label,
      { input: z.enum(values, { error: `Choose one of: ${options.map((o) => o.label).join(', ')}` }), output: z.string(), storage: 'text', display: opts.display ?? 'status', inputKind: 'select', options },
      opts,
    );
  },
  /** Several of fixed values (tags, vehicle categories). */
  choices: (label: string, options: readonly FieldOption[], opts: Opts = {}): FieldDef => {
    const values = options.map((o) => o.value) as [string, ...string[]];
    return make(
      label,
      { input: z.array(z.enum(values)).max(options.length), output: z.array(z.string()), storage: 'textArray', display: 'badges', inputKind: 'multiSelect', options },
      opts,
    );
  },
  boolean: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: z.boolean(), storage: 'boolean', display: 'boolean', inputKind: 'boolean' }, { defaultValue: false, ...opts }),
  /** A calendar day (YYYY-MM-DD). */
  date: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: z.iso.date('Enter a date'), output: z.string(), storage: 'date', display: 'date', inputKind: 'date' }, opts),
  /** An instant (ISO 8601, stored UTC). */
  datetime: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: z.iso.datetime({ offset: true, error: 'Enter a date and time' }), output: z.string(), storage: 'timestamp', display: 'datetime', inputKind: 'datetime' }, opts),
  /** A "latitude,longitude" pair with the coordinates rule's messages, stored as { latitude, longitude }. */
  coordinates: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: coordinatesSchema, output: coordinatesValueSchema, storage: 'jsonb', display: 'coordinates', inputKind: 'coordinates' }, opts),
  /** A file uploaded through the upload service; holds its relative path. */
  image: (label: string, opts: Opts = {}): FieldDef =>
    make(label, { input: relativePathSchema, output: z.string(), storage: 'text', display: 'image', inputKind: 'image' }, opts),
  /** Several uploaded images ({ id, relativePath, name }). */
  images: (label: string, opts: Opts & { maxItems?: number } = {}): FieldDef =>
    make(label, { input: z.array(imageRefSchema).max(opts.maxItems ?? 20, `At most ${opts.maxItems ?? 20} images`), storage: 'jsonb', display: 'images', inputKind: 'images' }, opts),
  /** The id of a record of another resource (a foreign key). */
  relation: (label: string, resource: string, opts: Opts & { idType?: 'bigint' | 'uuid' | 'text' } = {}): FieldDef => {
    const idType = opts.idType ?? 'bigint';
    const input = idType === 'uuid' ? z.guid('Choose a record') : idType === 'text' ? requiredText(100) : z.number({ error: REQUIRED }).int().positive('Choose a record');
    return make(label, { input, output: idType === 'bigint' ? z.number() : z.string(), storage: idType, display: 'relation', inputKind: 'relation', relation: resource }, opts);
  },
  /** Several distinct ids of records of another resource, chosen one by one (action bodies, e.g. bulk assign). */
  relations: (label: string, resource: string, opts: Opts & { idType?: 'bigint' | 'uuid'; max?: number } = {}): FieldDef => {
    const id = opts.idType === 'bigint' ? z.number().int().positive('Choose a record') : z.guid('Choose a record');
    const max = opts.max ?? 200;
    const input = z
      .array(id)
      .min(opts.required ? 1 : 0, 'Choose at least one')
      .max(max, `At most ${max} at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'A record is chosen twice');
    return make(label, { input, output: z.array(opts.idType === 'bigint' ? z.number() : z.string()), storage: 'jsonb', display: 'badges', inputKind: 'relations', relation: resource }, opts);
  },
  /** A list of items with their own fields (sockets, key-value pairs), stored as JSON. */
  items: (label: string, itemFields: Readonly<Record<string, FieldDef>>, opts: Opts & { maxItems?: number; minItems?: number } = {}): FieldDef => {
    const item = z.strictObject(Object.fromEntries(Object.entries(itemFields).map(([k, d]) => [k, d.required ? d.input : d.input.nullish()])));
    const min = opts.minItems ?? 0;
    return make(
      label,
      { input: z.array(item).min(min, `Add at least ${min}`).max(opts.maxItems ?? 50), storage: 'jsonb', display: 'items', inputKind: 'items', itemFields },
      opts,
    );
  },
  /** Permission names (the role form's picker). */
  permissions: (label: string, schema: z.ZodType, opts: Opts = {}): FieldDef =>
    make(label, { input: z.array(schema).max(1000), output: z.array(z.string()), storage: 'textArray', display: 'badges', inputKind: 'permissions' }, opts),
  /** Server-set instant (created, updated); never written by a request. */
  stamp: (label: string): FieldDef =>
    make(label, { input: z.string(), output: z.string(), storage: 'timestamp', display: 'datetime', inputKind: 'datetime', readOnly: true }, { required: false }),
};

/** A path below the upload service (no scheme, no "..", no leading slash). */
export const relativePathSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(300)
  .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9_\-./]+$/, 'Upload a file first');

/** An uploaded image as image lists hold it. */
export const imageRefSchema = z.strictObject({ id: storableString().min(1).max(100), relativePath: relativePathSchema, name: storableString().max(200) });
export type ImageRef = z.infer<typeof imageRefSchema>;

/** Option lists from plain values: label = value with underscores as spaces, in title case. */
export function optionsOf(values: readonly string[], tones: Readonly<Record<string, FieldOption['tone']>> = {}): FieldOption[] {
  return values.map((value) => ({ value, label: humanise(value), ...(tones[value] ? { tone: tones[value] } : {}) }));
}

/** Words staff read as letters: a code's word among them keeps its capitals ("UPI", not "Upi"). */
const ACRONYMS = new Set(['AC', 'API', 'CPO', 'CSV', 'DC', 'EV', 'GSM', 'GST', 'ID', 'IMEI', 'IMPS', 'IP', 'IRR', 'KYC', 'NEFT', 'OCPP', 'OTP', 'PDF', 'QR', 'RFID', 'RTGS', 'SIM', 'SMS', 'UPI', 'UTR']);

/** "READY_FOR_INSTALLATION" → "Ready For Installation"; "UPI" stays "UPI". */
export function humanise(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toUpperCase()) ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
}
