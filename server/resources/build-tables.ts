// Tables derived from resource definitions: one typed column per field, constraints and an index for every
// filter, sort and search the definitions declare. drizzle-kit reads the result (server/db/resource-tables.ts)
// and writes the migrations, so the definitions stay the one truth.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  getTableConfig,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import type { FieldDef } from '@domain/resource/field';
import type { Resource } from '@domain/resource/define-resource';
import type { RecordWorkflow } from '@machines/record-workflow';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are built at run time from data
export type ResourceTable = PgTableWithColumns<any>;

/** camelCase field name → snake_case column name. */
export function columnName(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Index and constraint names stay within PostgreSQL's 63 characters. */
function constraintName(table: string, parts: readonly string[], suffix: string): string {
  const name = `${table}_${parts.map(columnName).join('_')}_${suffix}`;
  if (name.length <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 63 - suffix.length - 10)}_${hash}_${suffix}`;
}

function columnOf(
  name: string,
  def: FieldDef,
  notNull: boolean,
  idTypeOf: (resource: string) => { table: () => ResourceTable; field: string },
): PgColumnBuilderBase {
  const col = columnName(name);
  let builder;
  switch (def.storage) {
    case 'text':
      builder = text(col);
      break;
    case 'integer':
      builder = integer(col);
      break;
    case 'bigint':
      builder = bigint(col, { mode: 'number' });
      break;
    case 'double':
      builder = doublePrecision(col);
      break;
    case 'boolean':
      builder = boolean(col);
      break;
    case 'timestamp':
      builder = timestamp(col, { withTimezone: true, mode: 'date' });
      break;
    case 'date':
      builder = date(col, { mode: 'string' });
      break;
    case 'jsonb':
      builder = jsonb(col);
      break;
    case 'uuid':
      builder = uuid(col);
      break;
    case 'textArray':
      builder = text(col).array();
      break;
  }
  if (def.relation) {
    const target = idTypeOf(def.relation);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the builder's own generic type is too narrow for a run-time table
    (builder as any).references((): AnyPgColumn => target.table()[target.field] as AnyPgColumn);
  }
  if (def.defaultValue !== undefined) builder = builder.default(def.defaultValue as never);
  if (def.storage === 'textArray' && def.defaultValue === undefined && notNull) builder = builder.default(sql`'{}'::text[]`);
  if (notNull) builder = builder.notNull();
  return builder;
}

/** The states of a workflow's machine: the values its state column may hold. */
export function machineStates(workflow: Pick<RecordWorkflow, 'machine'>): string[] {
  return Object.keys(workflow.machine.config.states ?? {});
}

/** A SQL string literal (CHECK bodies are written into migrations, so no bound parameters). */
const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);

/** A built table with the resources stored in it. */
export interface BuiltTable {
  table: ResourceTable;
  resources: readonly Resource[];
}

/**
 * Builds one table per distinct `table` name. Resources sharing a table (ticket kinds) are told apart by their
 * `fixed` columns; a column is NOT NULL only when every sharer needs it, otherwise a CHECK per sharer does it.
 * `existing` maps table names the foundation schema already declares; those are used as they are. Each of
 * `workflows` (default none) gets a CHECK that its resource's state column holds only its machine's states (for a
 * sharer, only on its own rows).
 */
export function buildTables(
  resources: readonly Resource[],
  existing: Readonly<Record<string, ResourceTable>> = {},
  workflows: readonly Pick<RecordWorkflow, 'resource' | 'stateField' | 'machine'>[] = [],
): Map<string, BuiltTable> {
  const byTable = new Map<string, Resource[]>();
  for (const r of resources) byTable.set(r.table, [...(byTable.get(r.table) ?? []), r]);
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const w of workflows) {
    const r = byName.get(w.resource);
    if (!r) throw new Error(`Workflow ${w.machine.id} is bound to unknown resource "${w.resource}"`);
    if (!r.allFields[w.stateField]) throw new Error(`Workflow ${w.machine.id}: ${w.resource} has no field "${w.stateField}"`);
    // A foundation table is declared by hand, so a CHECK generated here could never reach it: it must declare the
    // CHECK itself, under the name generated here (the users' approval status, server/db/schema.ts).
    if (existing[r.table]) {
      const name = constraintName(r.table, [w.stateField, w.machine.id], 'states');
      if (!getTableConfig(existing[r.table] as unknown as PgTable).checks.some((c) => c.name === name)) {
        throw new Error(`Workflow ${w.machine.id}: ${r.table} is a foundation table; declare its state CHECK ${name} in server/db/schema.ts`);
      }
    }
  }
  const built = new Map<string, BuiltTable>();
  const idTypeOf = (resourceName: string) => {
    const target = byName.get(resourceName);
    if (!target) throw new Error(`Relation to unknown resource "${resourceName}"`);
    return { table: () => built.get(target.table)!.table, field: target.idField };
  };

  for (const [tableName, sharers] of byTable) {
    if (existing[tableName]) {
      built.set(tableName, { table: existing[tableName], resources: sharers });
      continue;
    }
    const shared = sharers.length > 1;
    const fields = new Map<string, { def: FieldDef; owners: Resource[] }>();
    for (const r of sharers) {
      for (const [name, def] of Object.entries(r.allFields)) {
        const seen = fields.get(name);
        if (seen && seen.def.storage !== def.storage) throw new Error(`${tableName}.${name}: resources disagree on its storage`);
        fields.set(name, { def: seen?.def ?? def, owners: [...(seen?.owners ?? []), r] });
      }
      for (const name of Object.keys(r.fixed ?? {})) {
        if (!fields.has(name)) throw new Error(`${r.name}: fixed field "${name}" must be declared as a field`);
      }
    }
    const first = sharers[0]!;
    const columns: Record<string, PgColumnBuilderBase> = {};
    for (const [name, { def, owners }] of fields) {
      if (name === first.idField) {
        columns[name] =
          first.idType === 'bigint'
            ? bigint(columnName(name), { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
            : first.idType === 'uuid'
              ? uuid(columnName(name)).primaryKey().defaultRandom()
              : text(columnName(name)).primaryKey();
        continue;
      }
      if (name === 'createdAt' || name === 'updatedAt') {
        columns[name] = timestamp(columnName(name), { withTimezone: true, mode: 'date' }).notNull().defaultNow();
        continue;
      }
      const everyone = owners.length === sharers.length && owners.every((o) => o.allFields[name]!.notNull);
      columns[name] = columnOf(name, def, shared ? everyone && def.defaultValue !== undefined : def.notNull, idTypeOf);
    }

    const table = pgTable(tableName, columns, (t) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- index and check builders of a run-time table
      const extras: any[] = [];
      const on = (cols: readonly string[]) => cols.map((c) => t[c]) as unknown as [AnyPgColumn, ...AnyPgColumn[]];
      const specs: { kind: 'btree' | 'trgm' | 'unique' | 'prefix'; cols: readonly string[]; where?: SQL }[] = [];
      const add = (kind: 'btree' | 'trgm' | 'unique' | 'prefix', cols: readonly string[], where?: SQL) => {
        if (!specs.some((x) => x.kind === kind && x.cols.join(',') === cols.join(','))) specs.push({ kind, cols, where });
      };
      for (const r of sharers) {
        const lead = Object.keys(r.fixed ?? {});
        const sortTail = [r.defaultSort.field, r.idField].filter((c, i, all) => all.indexOf(c) === i);
        add('btree', [...lead, ...sortTail]);
        for (const s of r.sortable) add('btree', [...lead, s, r.idField].filter((c, i, all) => all.indexOf(c) === i));
        for (const flt of r.filters) {
          const def = r.allFields[flt.field]!;
          if (flt.kind === 'text') add('trgm', [flt.field]);
          else if (def.storage !== 'jsonb' && def.storage !== 'textArray')
            add('btree', [...lead, flt.field, ...sortTail].filter((c, i, all) => all.indexOf(c) === i));
        }
        for (const scope of Object.values(r.scopes ?? {})) {
          for (const w of scope.where) if (w.op === 'isCurrentUser') add('btree', [...lead, w.field, ...sortTail]);
        }
        for (const s of r.search?.exact ?? []) if (s !== r.idField && !r.allFields[s]?.unique) add('btree', [s]);
        for (const s of r.search?.text ?? []) add('trgm', [s]);
        // `LIKE 'x%'` uses a text_pattern_ops b-tree whatever the database's collation.
        for (const s of r.search?.prefix ?? []) add('prefix', [s]);
        for (const [name, def] of Object.entries(r.allFields)) {
          if (def.unique) add('unique', [name]);
          if (def.relation) add('btree', [name]);
          // A sharer without fixed values (an "all kinds" list) cannot be told apart: its rules stay in zod.
          if (shared && def.required && Object.keys(r.fixed ?? {}).length > 0) {
            const cond = Object.entries(r.fixed ?? {})
              .map(([k, v]) => sql`${t[k]} = ${sql.raw(`'${v.replace(/'/g, "''")}'`)}`)
              .reduce((a, b) => sql`${a} and ${b}`);
            extras.push(check(constraintName(tableName, [name, r.name], 'required'), sql`not (${cond}) or ${t[name]} is not null`));
          }
        }
      }
      // Stored states are the machine's states: a row in any other state would answer 500 on its next transition.
      for (const w of workflows) {
        const r = sharers.find((x) => x.name === w.resource);
        if (!r) continue;
        const states = sql`${t[w.stateField]} in (${sql.join(machineStates(w).map(literal), sql`, `)})`;
        const own = Object.entries(r.fixed ?? {}).map(([k, v]) => sql`${t[k]} <> ${literal(v)}`);
        extras.push(check(constraintName(tableName, [w.stateField, w.machine.id], 'states'), own.length > 0 ? sql`${sql.join(own, sql` or `)} or ${states}` : states));
      }
      // A b-tree whose columns lead another b-tree (or a unique index) adds nothing but write cost: leave it out.
      const covered = (x: (typeof specs)[number]) =>
        x.kind === 'btree' &&
        specs.some((y) => y !== x && y.kind !== 'trgm' && y.kind !== 'prefix' && !y.where && y.cols.length > x.cols.length && x.cols.every((c, i) => y.cols[i] === c));
      for (const spec of specs.filter((x) => !covered(x))) {
        const name = constraintName(tableName, spec.cols, spec.kind === 'unique' ? 'key' : spec.kind === 'trgm' ? 'trgm_idx' : 'idx');
        if (spec.kind === 'trgm') extras.push(index(name).using('gin', sql`${t[spec.cols[0]!]} gin_trgm_ops`));
        else if (spec.kind === 'prefix') extras.push(index(constraintName(tableName, spec.cols, 'prefix_idx')).on(t[spec.cols[0]!]!.op('text_pattern_ops')));
        else if (spec.kind === 'unique') extras.push(spec.where ? uniqueIndex(name).on(...on(spec.cols)).where(spec.where) : uniqueIndex(name).on(...on(spec.cols)));
        else extras.push(index(name).on(...on(spec.cols)));
      }
      return extras;
    });
    built.set(tableName, { table: table as unknown as ResourceTable, resources: sharers });
  }
  return built;
}
