// Valid sample values built from field definitions alone, so the contract tests can create a record of any
// resource. Each field kind offers a few candidates; the first one the field's own input schema accepts is used,
// so custom inputs (PIN codes, GSTINs, colours, package ids) still get a valid value without naming the resource.
import { z } from 'zod';
import type { Resource } from '@domain/resource/define-resource';
import type { FieldDef } from '@domain/resource/field';

/** Where values that depend on the database come from. */
export interface SampleContext {
  /** Ids of existing records of the named resource (relation values), best first; empty when it has none. */
  relationIds(resource: string): Promise<readonly (string | number)[]>;
  /** Values the resource's records already hold in a unique field (as JSON text), so a sample does not collide. */
  usedValues(resource: Resource, field: string): Promise<ReadonlySet<string>>;
}

/** A required unique field whose every possible value is taken (e.g. one configuration per report type). */
export class NoFreeValueError extends Error {
  override name = 'NoFreeValueError';
}

// A tag per test run so unique values do not collide with seeded rows or with a database reused across runs.
const RUN = Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0');
let counter = 0;

/** A number no other call of this process got. */
export function nextUnique(): number {
  counter += 1;
  return counter;
}

interface Bounds {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

function boundsOf(schema: z.ZodType): Bounds {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Bounds;
  } catch {
    return {};
  }
}

const pad = (n: number, width: number) => String(n % 10 ** width).padStart(width, '0');
const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A valid Indian mobile number in a common written form ("+91 98450 12345"), different on every call. */
export function samplePhone(): string {
  const national = `9${randomDigits(9)}`;
  return `+91 ${national.slice(0, 5)} ${national.slice(5)}`;
}

function textCandidates(def: FieldDef, n: number): string[] {
  const b = boundsOf(def.input);
  const max = b.maxLength ?? 200;
  const words = `${def.label} ${RUN}-${n}`;
  const cut = (s: string) => s.slice(0, max);
  return [
    cut(words),
    cut(`${def.label.replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 6) || 'S'}${RUN.toUpperCase()}${n}`),
    `${5 + (n % 4)}${pad(n, 5)}`, // a 6-digit PIN code
    `${n % 9 + 1}${randomDigits(Math.max(1, Math.min(max, 15) - 1))}`, // digit ids (IMEI, account numbers)
    `29ABCDE${pad(n, 4)}F1Z5`, // GSTIN
    `ABCDE${pad(n, 4)}F`, // PAN
    `HDFC0${pad(n, 6)}`, // IFSC
    `KA01AB${pad(n, 4)}`, // vehicle registration
    `#1A7F${pad(n, 2)}`, // colour
    `com.czo.sample${RUN}${n}`, // package id
    `charge${RUN}${n}.example.in`, // domain
    `sample${n}@okhdfc`, // UPI id
    '09:30',
    `S${n}`,
  ].filter((s) => s.length <= max && s.length >= (b.minLength ?? 0));
}

function numberCandidates(def: FieldDef, n: number, preferred: number): number[] {
  const b = boundsOf(def.input);
  const min = b.minimum ?? (b.exclusiveMinimum !== undefined ? b.exclusiveMinimum + 1 : -1e9);
  const max = b.maximum ?? (b.exclusiveMaximum !== undefined ? b.exclusiveMaximum - 1 : 1e12);
  const clamp = (v: number) => Math.min(max, Math.max(min, v));
  return [clamp(preferred + n), clamp(preferred), clamp(1), clamp(Math.round((min + max) / 2)), min, max, clamp(0.5)];
}

const isoDay = (offsetDays: number) => new Date(Date.UTC(2026, 10, 22 + offsetDays)).toISOString().slice(0, 10);

/** Candidate values of a field, best first; `variant` > 0 asks for a different value than variant 0 (updates). */
async function candidates(def: FieldDef, ctx: SampleContext, variant: number): Promise<unknown[]> {
  const n = nextUnique();
  switch (def.inputKind) {
    case 'text':
    case 'textarea':
      return textCandidates(def, n);
    case 'email':
      return [`sample.${RUN}${n}@example.in`];
    case 'url':
      return [`https://example.in/sample/${RUN}${n}`];
    case 'phone':
      return [samplePhone()];
    case 'money':
      return numberCandidates(def, n * 100, 150_000); // ₹1,500 and up, in paise
    case 'number':
      return numberCandidates(def, n, def.storage === 'double' ? 12.5 : 10);
    case 'lakhs':
      return [{ valueIn: 'LAKHS', value: 25 + variant }, { valueIn: 'CRORES', value: 1 }];
    case 'select':
      return (def.options ?? []).map((o) => o.value).slice(variant % Math.max(1, def.options?.length ?? 1)).concat((def.options ?? []).map((o) => o.value));
    case 'multiSelect': {
      const values = (def.options ?? []).map((o) => o.value);
      return [values.slice(variant % Math.max(1, values.length), (variant % Math.max(1, values.length)) + 1), values.slice(0, 1), []];
    }
    case 'boolean':
      return [variant % 2 === 0, variant % 2 !== 0];
    case 'date':
      return [isoDay(variant), isoDay(30 + variant), isoDay(-30 - variant)];
    case 'datetime':
      return [`${isoDay(variant)}T10:30:00+05:30`, `${isoDay(30 + variant)}T10:30:00.000Z`, `${isoDay(-30 - variant)}T10:30:00.000Z`];
    case 'coordinates':
      return [variant === 0 ? '12.97,77.59' : '12.9716,77.5946'];
    case 'image':
      return [`uploads/2026/11/sample-${RUN}-${n}.png`];
    case 'images':
      return [[{ id: `sample-${RUN}-${n}`, relativePath: `uploads/2026/11/sample-${RUN}-${n}.png`, name: 'site-photo.png' }]];
    case 'relation':
      return def.relation ? [...(await ctx.relationIds(def.relation))].slice(variant) : [];
    case 'relations':
      return def.relation ? [[...(await ctx.relationIds(def.relation))].slice(variant, variant + 1)] : [];
    case 'items':
    case 'keyValues': {
      if (!def.itemFields) return [[{ key: `key${n}`, value: `value ${n}` }], {}];
      const item = await sampleObject(def.itemFields, Object.keys(def.itemFields), ctx, variant);
      const min = Math.max(1, boundsOf(def.input).minItems ?? 1);
      return [Array.from({ length: min }, () => item), [item]];
    }
    case 'permissions':
      return [['ROLE_VIEW_CITY'], ['ROLE_VIEW_VENDOR'], []];
  }
}

/**
 * A valid value of the field (the first candidate its input schema accepts), or undefined when it has none.
 * `used`: stored values (JSON text) a unique field must not repeat.
 */
export async function sampleValue(def: FieldDef, ctx: SampleContext, variant = 0, used?: ReadonlySet<string>): Promise<unknown> {
  for (const value of await candidates(def, ctx, variant)) {
    const parsed = def.input.safeParse(value);
    if (parsed.success && !used?.has(JSON.stringify(parsed.data))) return value;
  }
  return undefined;
}

async function sampleObject(
  fields: Readonly<Record<string, FieldDef>>,
  names: readonly string[],
  ctx: SampleContext,
  variant: number,
  owner?: Resource,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const missing: string[] = [];
  const taken: string[] = [];
  for (const name of names) {
    const def = fields[name];
    if (!def || def.readOnly) continue;
    // A writable id (a staff user's userId) is unique as the primary key even when the field does not say so.
    const used = owner && (def.unique || name === owner.idField) ? await ctx.usedValues(owner, name) : undefined;
    const value = await sampleValue(def, ctx, variant, used);
    if (value !== undefined) out[name] = value;
    else if (def.required && used && (await sampleValue(def, ctx, variant)) !== undefined) taken.push(name);
    else if (def.required) missing.push(`${name} (${def.inputKind}${def.relation ? ` → ${def.relation}` : ''})`);
  }
  if (missing.length > 0) throw new Error(`No valid sample value for required field(s): ${missing.join(', ')}`);
  if (taken.length > 0) throw new NoFreeValueError(`Every valid value of the unique field(s) ${taken.join(', ')} is already taken`);
  return out;
}

/** A valid create body of the resource: every create field it can fill (required ones must be fillable). */
export async function sampleCreateBody(resource: Resource, ctx: SampleContext): Promise<Record<string, unknown>> {
  const body = await sampleObject(resource.allFields, resource.createFields, ctx, 0, resource);
  // A resource's cross-field rule may refuse values that only make sense together (e.g. a delivery's type decides
  // which of its order / consignment / servicing ticket it holds): leave out the optional fields it refuses.
  for (const issue of resource.check?.(body) ?? []) {
    if (!resource.allFields[issue.path]?.required) delete body[issue.path];
  }
  const parsed = resource.createSchema.safeParse(body);
  if (!parsed.success) throw new Error(`${resource.name}: the sample create body is not valid: ${JSON.stringify(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))}`);
  return body;
}

/** A value of a wrong type for any field (an object where a string, number, list or choice is expected). */
export const WRONG_TYPE = Object.freeze({ notAValue: true });

/** What the API answers for a value that was sent (phones normalised, coordinates parsed); undefined when not comparable. */
export function expectedStored(def: FieldDef, sent: unknown): unknown {
  if (def.storage === 'timestamp') return undefined; // answered as UTC ISO text; compared as instants elsewhere
  const parsed = def.input.safeParse(sent);
  return parsed.success ? parsed.data : undefined;
}
