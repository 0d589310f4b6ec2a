import { z } from 'zod';
import type { Permission } from '../permissions';
import type { FieldDef } from './field';

/** The backend services: every resource lives under one of these prefixes. */
export type ServicePrefix =
  | '/config'
  | '/auth-service'
  | '/ticket-service'
  | '/charger-service'
  | '/user-service'
  | '/booking-service'
  | '/ccu'
  | '/pw-service'
  | '/upload-service'
  | '/lms'
  | '/notification-service'
  | '/vehicle-service'
  | '/cpo-service'
  | '/sc-service'
  | '/ocpp';

/** A condition of a scope (a named, server-side preset filter such as "open" or "mine"). */
export type ScopeCondition =
  | { field: string; op: 'eq'; value: string | number | boolean }
  | { field: string; op: 'in' | 'notIn'; values: readonly string[] }
  /** The field holds the signed-in user's id. */
  | { field: string; op: 'isCurrentUser' }
  /** The timestamp field falls on today's date in India (IST). */
  | { field: string; op: 'today' }
  | { field: string; op: 'isNull' | 'notNull' }
  /** Any one of the conditions holds (e.g. created by me or assigned to me). */
  | { op: 'anyOf'; conditions: readonly ScopeCondition[] };

/** A named preset of a list (e.g. open tickets), with the permission it needs. */
export interface ResourceScope {
  title: string;
  where: readonly ScopeCondition[];
  /** Permission this scope needs; undefined: the resource's view permission; null: any signed-in user. */
  permission?: Permission | null;
}

/** A filter of the list's filter bar. */
export interface FilterDef {
  field: string;
  kind: 'text' | 'select' | 'dateRange' | 'numberRange' | 'boolean' | 'relation';
  /** Label in the filter bar (default the field's label). */
  label?: string;
}

/** A column of the list table. */
export interface ColumnDef {
  field: string;
  /** Hidden by default (the user can show it). */
  hidden?: boolean;
  /** Width in px (default from the display kind). */
  width?: number;
}

/** A console route that shows the resource's list, optionally narrowed by a scope. */
export interface ListView {
  path: string;
  title: string;
  scope?: string;
}

/** A list of another resource shown on this resource's detail page (e.g. a charger's bookings). */
export interface RelatedList {
  resource: string;
  /** Field of the other resource that holds this record's id. */
  field: string;
  title: string;
}

/** A grouped count view (e.g. hardware per warehouse and status). */
export interface SummaryView {
  path: string;
  title: string;
  /** Rows by the first field, columns by the second. */
  groupBy: readonly [string, string];
}

/**
 * An action staff take on a resource besides the generic create and update (block, unblock, ...), declared as data:
 * the console offers it (list header or record page) with a dialog of its fields and a confirm step, and the server
 * registers its route from the same declaration (`POST {apiPath}/{name}`, its permission, its body schema).
 */
export interface ResourceAction {
  /** kebab-case name: the last segment of its route and the audit action. */
  name: string;
  /** Its API path below the service prefix, when it differs (default: the resource's path, then the name). */
  path?: string;
  /** Button and dialog title ("Block number"). */
  title: string;
  permission: Permission;
  /** 'list': offered in the list's header; 'record': on a record's page, the `fromRecord` fields taken from it. */
  on: 'list' | 'record';
  /** The body's fields, entered in the dialog through the field dispatcher. */
  fields: Readonly<Record<string, FieldDef>>;
  /** Record actions: body fields copied from the record and shown, not edited. */
  fromRecord?: readonly string[];
  /** Record actions: body fields that start from the record's value and are edited in the dialog. */
  edit?: readonly string[];
  /** Show what the edited fields change (added and removed items, old and new values) before the confirm. */
  review?: boolean;
  /** Record actions: offered only while the record's field holds this value (`equals`) or one of these (`in`). */
  when?: { field: string; equals: string | number | boolean } | { field: string; in: readonly (string | number | boolean)[] };
  /**
   * Record actions that move the record along its workflow (a booking's Stop charging sends STOP once the charger
   * stops): offered only while the record's machine accepts this event in its state, the machine the server checks
   * too, so no second list of states says when. Not with `when`.
   */
  event?: string;
  /** What the action does, in words, shown before the user confirms it. */
  confirm: string;
  /** Look of its buttons (default 'secondary'; 'danger' for what takes something away). */
  variant?: 'primary' | 'secondary' | 'danger';
}

/** A resolved action: its declaration with its API path and body schema. */
export interface ResolvedAction extends ResourceAction {
  /** POST path of the action (service prefix + path + name). */
  apiPath: string;
  /** Body schema: strict, required fields required. */
  bodySchema: z.ZodObject;
}

/** The declaration of a resource, as written in a definition file. */
export interface ResourceInput {
  /** Unique name (kebab-case, plural), also the audit entity type and query-key root. */
  name: string;
  /** Singular and plural titles ("Charger", "Chargers"). */
  title: string;
  plural: string;
  service: ServicePrefix;
  /** Path below the service prefix, no leading slash (e.g. "socket-type"). */
  path: string;
  /** Table name (snake_case). Several resources may share one table (ticket kinds), told apart by `fixed`. */
  table: string;
  /** Id column and type (default "id", bigint identity). */
  id?: { field?: string; type?: 'bigint' | 'uuid' | 'text' };
  /** Field shown as the record's title (relations, detail heading, palette). */
  labelField: string;
  /** Field shown after the label where records of this resource are referenced (e.g. a user's mobile number). */
  subtitleField?: string;
  /** Field the server fills with the signed-in user's id on create (never writable). */
  createdByField?: string;
  fields: Readonly<Record<string, FieldDef>>;
  /** Values every row of this resource has (written on create, required on read), for shared tables. */
  fixed?: Readonly<Record<string, string>>;
  list: {
    columns: readonly ColumnDef[];
    filters?: readonly FilterDef[];
    /** Default sort (default createdAt desc). */
    defaultSort?: { field: string; dir: 'asc' | 'desc' };
    /** Fields a header click may sort by (default the default sort field). */
    sortable?: readonly string[];
  };
  /** Fields a record is found by: `exact` (id, phone, code: exact matches first) and `text` (trigram contains). */
  search?: {
    exact?: readonly string[];
    text?: readonly string[];
    /** Text fields the palette's lookup matches by prefix (`LIKE 'x%'`), indexed with text_pattern_ops. */
    prefix?: readonly string[];
  };
  /** Form sections; their fields are those writable on create or update. */
  form?: readonly { title: string; fields: readonly string[] }[];
  /** Fields writable on create (default: all form fields). */
  create?: readonly string[];
  /** Fields writable on update (default: the create fields). */
  update?: readonly string[];
  /**
   * Fields one action or workflow owns (field → what owns it, e.g. "the assign action"): one way to change each
   * field, so an owned field is never writable by the generic update (defineResource refuses the definition).
   */
  owned?: Readonly<Record<string, string>>;
  /**
   * Values of a writable choice field that only an action sets or leaves (field → the values and what sets them, e.g.
   * a hardware unit's INSTALLED: "Replace hardware on a charger's page"). The generic create refuses them and the
   * generic update refuses moving the field into or out of them (400 naming the field and the action); the form
   * offers them only as the record's current value, unchangeable. Default none.
   */
  reservedValues?: Readonly<Record<string, ReservedValues>>;
  permissions: {
    /** View list and records; null: any signed-in user. */
    view: Permission | null;
    create?: Permission;
    update?: Permission;
    activate?: Permission;
  };
  /** Boolean field toggled by activate/inactivate (needs permissions.activate). */
  activeField?: string;
  scopes?: Readonly<Record<string, ResourceScope>>;
  /** Console list routes. The first is the resource's home (detail pages hang below it). */
  views: readonly ListView[];
  /** Console route of the add form (needs permissions.create). */
  createPath?: string;
  /** Other ways to add records (e.g. a CSV upload screen), offered beside Add with the same permission. */
  otherCreatePaths?: readonly { path: string; title: string }[];
  /** Console route of a record (default `<first view>/:id`). */
  detailPath?: string;
  /**
   * The record page also answers at detailPath without its `/:id`, the record named by `?id=` (routes such
   * as …/notification-template-details), and without one lists the records to choose from; lists open records there.
   */
  detailByQuery?: boolean;
  related?: readonly RelatedList[];
  summary?: SummaryView;
  /** Read-only lists (logs): no form, no create or update routes. */
  readOnly?: boolean;
  /**
   * Cross-field rule checked on create and update (after the fields' own schemas), over the record as it would be
   * stored (the stored values overlaid with the request). Answers field errors (empty when valid).
   */
  check?: (record: Readonly<Record<string, unknown>>) => readonly FieldIssue[];
  /** Actions besides create and update (their routes are registered by the module that implements them). */
  actions?: readonly ResourceAction[];
  /** Badges shown beside the record page's title while a yes/no field is true (a user's locked operations). Default none. */
  headerBadges?: readonly { field: string; label: string; tone: 'danger' | 'warning' | 'info' }[];
  /** Files of a record staff download from its page (e.g. an invoice's PDF); their routes are registered by the module that makes them. */
  files?: readonly RecordFile[];
}

/** A file made from a record, served at `GET {apiPath}/{id}/{path}` with the record's bearer session and this permission. */
export interface RecordFile {
  /** Last segment of its route (kebab-case). */
  path: string;
  /** Button title ("Download PDF"). */
  title: string;
  permission: Permission;
}

/** Values of a field only an action sets or leaves (see ResourceInput.reservedValues). */
export interface ReservedValues {
  values: readonly string[];
  /** What sets and leaves them, as staff find it ("Replace hardware on a charger's page"). */
  by: string;
}

/**
 * Why the generic create (before undefined) or update may not set `field` to `to`: the field's reserved values are
 * entered and left only through their action. Undefined when allowed (an unchanged value is always allowed).
 */
export function reservedValueIssue(resource: Pick<ResourceInput, 'reservedValues' | 'fields'>, field: string, to: unknown, before?: Readonly<Record<string, unknown>>): FieldIssue | undefined {
  const reserved = resource.reservedValues?.[field];
  if (!reserved || to === undefined) return undefined;
  const from = before?.[field];
  if (before && from === to) return undefined;
  const label = (value: unknown) => resource.fields[field]?.options?.find((o) => o.value === value)?.label ?? String(value);
  if (reserved.values.includes(String(to))) return { path: field, message: `${label(to)} is set only by ${reserved.by}.` };
  if (before && reserved.values.includes(String(from))) return { path: field, message: `It is ${label(from)}: only ${reserved.by} moves it out of that.` };
  return undefined;
}

/**
 * A field as the generic add or edit form offers it: a field with reserved values offers only the others, or, when
 * the record holds a reserved value, only that value, with help naming what changes it. Other fields as declared.
 */
export function formFieldDef(resource: Pick<ResourceInput, 'reservedValues' | 'fields'>, field: string, record?: Readonly<Record<string, unknown>>): FieldDef | undefined {
  const def = resource.fields[field];
  const reserved = resource.reservedValues?.[field];
  if (!def?.options || !reserved) return def;
  const current = record?.[field];
  if (current !== undefined && reserved.values.includes(String(current))) {
    const label = def.options.find((o) => o.value === current)?.label ?? String(current);
    return { ...def, options: def.options.filter((o) => o.value === current), help: `${label}: only ${reserved.by} changes it.` };
  }
  const labels = def.options.filter((o) => reserved.values.includes(o.value)).map((o) => o.label).join(', ');
  return { ...def, options: def.options.filter((o) => !reserved.values.includes(o.value)), help: `${labels}: set only by ${reserved.by}.` };
}

/** An error on one field (its path and message), as a cross-field rule reports it. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** Fields every resource table has. */
export interface StandardFields {
  createdAt: FieldDef;
  updatedAt: FieldDef;
}

/** A resolved resource: the input with defaults filled in and its derived schemas. */
export interface Resource extends Omit<ResourceInput, 'id' | 'create' | 'update' | 'actions'> {
  actions: readonly ResolvedAction[];
  idField: string;
  idType: 'bigint' | 'uuid' | 'text';
  /** Every field including id, createdAt and updatedAt. */
  allFields: Readonly<Record<string, FieldDef>>;
  createFields: readonly string[];
  updateFields: readonly string[];
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  sortable: readonly string[];
  filters: readonly FilterDef[];
  /** API base path: service prefix + path. */
  apiPath: string;
  detailPath: string;
  /** Console route of the edit form. */
  editPath: string;
  /** Body schema of create: strict (unknown keys refused), required fields required. */
  createSchema: z.ZodObject;
  /** Body schema of update: strict, every writable field optional. */
  updateSchema: z.ZodObject;
  /** Schema of a record as the API returns it. */
  recordSchema: z.ZodObject;
}

const stamp = (label: string): FieldDef => ({
  label,
  input: z.string(),
  output: z.string(),
  storage: 'timestamp',
  display: 'datetime',
  inputKind: 'datetime',
  required: false,
  notNull: true,
  readOnly: true,
});

function idFieldDef(type: 'bigint' | 'uuid' | 'text'): FieldDef {
  const output = type === 'bigint' ? z.number() : z.string();
  return { label: 'Id', input: output, output, storage: type, display: 'text', inputKind: 'text', required: false, notNull: true, readOnly: type !== 'text' };
}

/** Declares a resource: fills defaults, checks the declaration is consistent and derives its schemas. */
export function defineResource(input: ResourceInput): Resource {
  const idField = input.id?.field ?? 'id';
  const idType = input.id?.type ?? 'bigint';
  const allFields: Record<string, FieldDef> = {
    ...(input.fields[idField] ? {} : { [idField]: idFieldDef(idType) }),
    ...input.fields,
    createdAt: input.fields.createdAt ?? stamp('Created'),
    updatedAt: input.fields.updatedAt ?? stamp('Updated'),
  };
  const formFields = (input.form ?? []).flatMap((s) => s.fields);
  const createFields = input.readOnly ? [] : (input.create ?? formFields);
  const updateFields = input.readOnly ? [] : (input.update ?? createFields);
  const defaultSort = input.list.defaultSort ?? { field: 'createdAt', dir: 'desc' as const };
  const sortable = [...new Set([defaultSort.field, ...(input.list.sortable ?? [])])];
  const filters = input.list.filters ?? [];
  const first = input.views[0];
  if (!first) throw new Error(`${input.name}: declare at least one view`);

  const problems: string[] = [];
  const known = (field: string, where: string) => {
    if (!allFields[field]) problems.push(`${where} names unknown field "${field}"`);
  };
  for (const c of input.list.columns) known(c.field, 'a column');
  for (const fl of filters) known(fl.field, 'a filter');
  for (const s of sortable) known(s, 'sortable');
  for (const s of [...(input.search?.exact ?? []), ...(input.search?.text ?? []), ...(input.search?.prefix ?? [])]) known(s, 'search');
  for (const s of [...createFields, ...updateFields, ...formFields]) {
    known(s, 'the form');
    if (allFields[s]?.readOnly) problems.push(`field "${s}" is read-only but writable`);
  }
  for (const s of Object.keys(input.fixed ?? {})) known(s, 'fixed');
  for (const [field, reserved] of Object.entries(input.reservedValues ?? {})) {
    known(field, 'reservedValues');
    const values = allFields[field]?.options?.map((o) => o.value) ?? [];
    for (const v of reserved.values) if (!values.includes(v)) problems.push(`reservedValues of "${field}" names unknown value "${v}"`);
  }
  for (const [field, owner] of Object.entries(input.owned ?? {})) {
    known(field, 'owned');
    if (updateFields.includes(field)) problems.push(`field "${field}" is owned by ${owner} and cannot be changed by the generic update`);
  }
  const scopeFields = (w: ScopeCondition): string[] => (w.op === 'anyOf' ? w.conditions.flatMap(scopeFields) : [w.field]);
  for (const scope of Object.values(input.scopes ?? {})) for (const w of scope.where) for (const field of scopeFields(w)) known(field, 'a scope');
  known(input.labelField, 'labelField');
  if (input.subtitleField) known(input.subtitleField, 'subtitleField');
  if (input.createdByField) {
    known(input.createdByField, 'createdByField');
    if (createFields.includes(input.createdByField)) problems.push('createdByField is set by the server and cannot be writable');
  }
  if (input.activeField) {
    known(input.activeField, 'activeField');
    if (!input.permissions.activate) problems.push('activeField needs permissions.activate');
  }
  if (createFields.length > 0 && !input.permissions.create) problems.push('writable fields need permissions.create');
  if (input.createPath && !input.permissions.create) problems.push('createPath needs permissions.create');
  if (input.otherCreatePaths?.length && !input.createPath) problems.push('otherCreatePaths need a createPath');
  for (const v of input.views) if (v.scope && !input.scopes?.[v.scope]) problems.push(`view ${v.path} names unknown scope "${v.scope}"`);
  for (const field of createFields) {
    const def = allFields[field];
    if (def?.required && input.fixed?.[field] !== undefined) problems.push(`field "${field}" is fixed and writable`);
  }
  for (const action of input.actions ?? []) {
    if (!/^[a-z][a-z-]*$/.test(action.name)) problems.push(`action "${action.name}" needs a kebab-case name`);
    for (const field of action.fromRecord ?? []) {
      known(field, `action ${action.name}`);
      if (!action.fields[field]) problems.push(`action ${action.name} takes "${field}" from the record but has no such field`);
    }
    for (const field of action.edit ?? []) {
      known(field, `action ${action.name}`);
      if (!action.fields[field]) problems.push(`action ${action.name} edits "${field}" but has no such field`);
    }
    if (action.when) known(action.when.field, `action ${action.name}`);
    if (action.when && action.event) problems.push(`action ${action.name} is offered by its workflow's event: it needs no states of its own`);
    if (action.on === 'list' && (action.fromRecord?.length || action.edit?.length || action.when || action.event)) problems.push(`action ${action.name} is offered on the list: it has no record to read`);
  }
  for (const file of input.files ?? []) if (!/^[a-z][a-z-]*$/.test(file.path)) problems.push(`file "${file.path}" needs a kebab-case path`);
  if (problems.length > 0) throw new Error(`Resource ${input.name}: ${problems.join('; ')}`);

  const writable = (names: readonly string[], partial: boolean) =>
    z.strictObject(
      Object.fromEntries(
        names.map((name) => {
          const def = allFields[name]!;
          if (partial) return [name, def.notNull ? def.input.optional() : def.input.nullish()];
          // A required field with a default may be left out (the default applies), but not sent as null.
          if (def.required) return [name, def.defaultValue === undefined ? def.input : def.input.optional()];
          return [name, def.notNull ? def.input.optional() : def.input.nullish()];
        }),
      ),
    );
  const recordSchema = z.object(Object.fromEntries(Object.entries(allFields).map(([name, def]) => [name, def.output])));
  const detailPath = input.detailPath ?? `${first.path}/:id`;
  const { id: _id, create: _c, update: _u, actions = [], ...rest } = input;
  const apiPath = `${input.service}/${input.path}`;
  return {
    ...rest,
    actions: actions.map((action) => ({ ...action, apiPath: action.path ? `${input.service}/${action.path}` : `${apiPath}/${action.name}`, bodySchema: actionBodySchema(action) })),
    idField,
    idType,
    allFields,
    createFields,
    updateFields,
    defaultSort,
    sortable,
    filters,
    apiPath,
    detailPath,
    editPath: `${detailPath}/edit`,
    createSchema: writable(createFields, false),
    updateSchema: writable(updateFields, true),
    recordSchema,
  };
}

/** The body schema of an action: strict (unknown keys refused), its required fields required. */
function actionBodySchema(action: ResourceAction): z.ZodObject {
  return z.strictObject(
    Object.fromEntries(Object.entries(action.fields).map(([name, def]) => [name, def.required ? def.input : def.notNull ? def.input.optional() : def.input.nullish()])),
  );
}

/** The action of that name of the resource (throws when the definition has none: a wiring mistake). */
export function actionOf(resource: Resource, name: string): ResolvedAction {
  const action = resource.actions.find((a) => a.name === name);
  if (!action) throw new Error(`Resource ${resource.name} declares no action ${name}`);
  return action;
}

/** The permission a list view needs: its scope's, else the resource's view permission (null: signed-in). */
export function viewPermission(resource: Resource, scope: string | undefined): Permission | null {
  const s = scope ? resource.scopes?.[scope] : undefined;
  if (s && s.permission !== undefined) return s.permission;
  return resource.permissions.view;
}

/** Every permission that lets a user see at least one list of the resource (null in the list: any signed-in user). */
export function anyViewPermissions(resource: Resource): (Permission | null)[] {
  return [...new Set([resource.permissions.view, ...Object.values(resource.scopes ?? {}).map((s) => (s.permission === undefined ? resource.permissions.view : s.permission))])];
}

/** Fills an id into a route pattern with `:id`. */
export function routeFor(pattern: string, id: string | number): string {
  return pattern.replace(':id', encodeURIComponent(String(id)));
}
