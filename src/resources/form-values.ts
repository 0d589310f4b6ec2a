import { formatCoordinates } from '@domain/coordinates';
import { rupeesToPaise } from '@domain/format-money';
import type { FieldDef, ImageRef } from '@domain/resource/field';

/** A field's value as the form holds it while the user types (text stays text until submit). */
export type RawValue =
  | string
  | boolean
  | string[]
  | ImageRef[]
  | RawItem[]
  | { id: string | number | null; label: string }
  | { id: string | number; label: string }[]
  | { valueIn: string; value: string };

/** One item of an items field, as raw values by item field. */
export type RawItem = Record<string, RawValue>;

/** The empty raw value of a field (or its default). */
export function emptyRaw(def: FieldDef): RawValue {
  switch (def.inputKind) {
    case 'boolean':
      return def.defaultValue === true;
    case 'multiSelect':
    case 'permissions':
    case 'relations':
      return [];
    case 'images':
    case 'items':
      return [];
    case 'relation':
      return { id: null, label: '' };
    case 'lakhs':
      return { valueIn: 'LAKHS', value: '' };
    case 'select':
      return typeof def.defaultValue === 'string' ? def.defaultValue : '';
    default:
      return def.defaultValue === undefined ? '' : String(def.defaultValue);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The raw value of a stored API value (edit forms start from the record). */
export function toRaw(def: FieldDef, value: unknown, label?: string | null): RawValue {
  if (value === null || value === undefined) return emptyRaw(def);
  switch (def.inputKind) {
    case 'boolean':
      return Boolean(value);
    case 'money':
      return String((value as number) / 100);
    case 'number':
      return String(value);
    case 'coordinates':
      return formatCoordinates(value as { latitude: number; longitude: number });
    case 'relation':
      return { id: value as string | number, label: label ?? String(value) };
    case 'relations':
      return (value as (string | number)[]).map((id) => ({ id, label: String(id) }));
    case 'lakhs': {
      const v = value as { valueIn: string; value: number };
      return { valueIn: v.valueIn, value: String(v.value) };
    }
    case 'datetime': {
      const d = new Date(value as string);
      return Number.isNaN(d.getTime()) ? '' : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }
    case 'items':
      return (value as Record<string, unknown>[]).map((item) =>
        Object.fromEntries(Object.entries(def.itemFields ?? {}).map(([k, d]) => [k, toRaw(d, item[k])])),
      );
    case 'multiSelect':
    case 'permissions':
      return [...(value as string[])];
    case 'images':
      return [...(value as ImageRef[])];
    default:
      return String(value);
  }
}

/**
 * The API value of a raw value; undefined when empty (left out on create, sent as null on update).
 * Text that is not a number stays text, so the schema reports it next to the field.
 */
export function fromRaw(def: FieldDef, raw: RawValue): unknown {
  switch (def.inputKind) {
    case 'boolean':
      return raw as boolean;
    case 'multiSelect':
    case 'permissions':
    case 'images':
      return raw;
    case 'relations':
      return (raw as { id: string | number }[]).map((r) => r.id);
    case 'items':
      return (raw as RawItem[]).map((item) =>
        Object.fromEntries(
          Object.entries(def.itemFields ?? {})
            .map(([k, d]) => [k, fromRaw(d, item[k] ?? emptyRaw(d))] as const)
            .filter(([, v]) => v !== undefined),
        ),
      );
    case 'relation': {
      const id = (raw as { id: string | number | null }).id;
      return id === null || id === '' ? undefined : id;
    }
    case 'lakhs': {
      const v = raw as { valueIn: string; value: string };
      if (v.value.trim() === '') return undefined;
      const n = Number(v.value);
      return { valueIn: v.valueIn, value: Number.isFinite(n) ? n : v.value };
    }
    case 'money': {
      const text = (raw as string).trim();
      if (text === '') return undefined;
      return rupeesToPaise(text) ?? text;
    }
    case 'number': {
      const text = (raw as string).trim();
      if (text === '') return undefined;
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'datetime': {
      const text = (raw as string).trim();
      if (text === '') return undefined;
      const d = new Date(text);
      return Number.isNaN(d.getTime()) ? text : d.toISOString();
    }
    default: {
      const text = (raw as string).trim();
      return text === '' ? undefined : text;
    }
  }
}
