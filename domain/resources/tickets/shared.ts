import type { Permission } from '@domain/permissions';
import { type ListView, type ResourceScope, type FilterDef, type RelatedList, type ResourceInput, type Resource, defineResource } from '@domain/resource/define-resource';
import { type FieldOption, optionsOf, type FieldDef, f } from '@domain/resource/field';

export const TM = '/ticket-management';
export const CM = '/charger-management';

/** The kinds of ticket; every kind is one resource over the shared `tickets` table (column `kind`). */
export const ticketKinds = [
  'SITE_INSPECTION',
  'CHARGER_APPROVAL',
  'HARDWARE_SERVICING',
  'CHARGER_SERVICING',
  'CUSTOMER_SUPPORT',
  'DEMO',
  'BUNDLE',
  'BOOKING_UTILIZATION_ANOMALY',
  'DELIVERY',
  'INSTALLATION',
  'CONSIGNMENT',
] as const;
export type TicketKind = (typeof ticketKinds)[number];

const kindLabels: Record<TicketKind, string> = {
  SITE_INSPECTION: 'Site Inspection',
  CHARGER_APPROVAL: 'Charger Approval',
  HARDWARE_SERVICING: 'Hardware Servicing',
  CHARGER_SERVICING: 'Charger Servicing',
  CUSTOMER_SUPPORT: 'Customer Support',
  DEMO: 'Demo',
  BUNDLE: 'Bundle Management',
  BOOKING_UTILIZATION_ANOMALY: 'Booking Utilization Anomaly',
  DELIVERY: 'Delivery',
  INSTALLATION: 'Charger Installation',
  CONSIGNMENT: 'Consignment',
};

/** Options of the `kind` column. */
export const ticketKindOptions: readonly FieldOption[] = ticketKinds.map((k) => ({ value: k, label: kindLabels[k] }));

/**
 * Status values per kind: `open` (work left, the first is the status of a new ticket) and `closed` (finished).
 * A value closed for one kind is never open for another, so "open" means the same across kinds.
 */
export const ticketStatuses: Readonly<Record<TicketKind, { open: readonly string[]; closed: readonly string[] }>> = {
  SITE_INSPECTION: { open: ['OPEN', 'PARTIALLY_FILLED', 'SENT_FOR_APPROVAL'], closed: ['APPROVED', 'CLOSED'] },
  CHARGER_APPROVAL: { open: ['OPEN', 'UNDER_REVIEW'], closed: ['APPROVED', 'REJECTED', 'CLOSED'] },
  HARDWARE_SERVICING: { open: ['OPEN', 'SCHEDULED', 'IN_SERVICE'], closed: ['COMPLETED', 'CLOSED'] },
  CHARGER_SERVICING: { open: ['OPEN', 'SCHEDULED', 'IN_SERVICE'], closed: ['COMPLETED', 'CLOSED'] },
  CUSTOMER_SUPPORT: { open: ['OPEN', 'IN_PROGRESS', 'WAITING_ON_CUSTOMER'], closed: ['RESOLVED', 'CLOSED'] },
  DEMO: { open: ['OPEN', 'SCHEDULED'], closed: ['COMPLETED', 'CANCELLED', 'CLOSED'] },
  BUNDLE: { open: ['OPEN', 'IN_PROGRESS'], closed: ['COMPLETED', 'CANCELLED', 'CLOSED'] },
  BOOKING_UTILIZATION_ANOMALY: { open: ['OPEN', 'UNDER_REVIEW'], closed: ['CORRECTED', 'NO_ACTION_NEEDED', 'CLOSED'] },
  DELIVERY: { open: ['OPEN', 'PACKED', 'IN_TRANSIT', 'DELIVERY_FAILED'], closed: ['DELIVERED', 'RETURNED', 'CANCELLED'] },
  INSTALLATION: {
    open: ['OPEN', 'FORM_FILLED', 'SENT_FOR_APPROVAL', 'READY_FOR_INSTALLATION'],
    closed: ['INSTALLED', 'REJECTED', 'FORCE_CLOSED'],
  },
  CONSIGNMENT: { open: ['OPEN', 'DISPATCHED'], closed: ['RECEIVED', 'CANCELLED'] },
};

const statusTones: Record<string, FieldOption['tone']> = {
  OPEN: 'info',
  APPROVED: 'success',
  COMPLETED: 'success',
  RESOLVED: 'success',
  DELIVERED: 'success',
  INSTALLED: 'success',
  RECEIVED: 'success',
  CORRECTED: 'success',
  REJECTED: 'danger',
  CANCELLED: 'danger',
  FORCE_CLOSED: 'danger',
  RETURNED: 'danger',
  DELIVERY_FAILED: 'danger',
  CLOSED: 'neutral',
  NO_ACTION_NEEDED: 'neutral',
};
const toneOf = (status: string): FieldOption['tone'] => statusTones[status] ?? 'warning';
const statusOptions = (values: readonly string[]) => optionsOf(values, Object.fromEntries(values.map((v) => [v, toneOf(v)])));
export const kindStatusValues = (kind: TicketKind) => [...ticketStatuses[kind].open, ...ticketStatuses[kind].closed];

/** Ticket priorities, lowest first. */
export const ticketPriorities = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
const priorityOptions = optionsOf(ticketPriorities, { LOW: 'neutral', MEDIUM: 'info', HIGH: 'warning', URGENT: 'danger' });

/** The fixed tag list of tickets. */
export const ticketTags = [
  'PRIORITY_SITE',
  'HIGHWAY_CORRIDOR',
  'SHOPPING_MALL',
  'RESIDENTIAL_SOCIETY',
  'FLEET_DEPOT',
  'HOTEL',
  'TECH_PARK',
  'HOSPITAL',
  'GOVERNMENT_OFFICE',
  'NEEDS_FOLLOW_UP',
  'WARRANTY_CLAIM',
  'VIP_HOST',
  'ESCALATED',
  'REPEAT_ISSUE',
] as const;

/** The close reasons, labelled in the words staff know them by. */
export const ticketCloseReasons: readonly FieldOption[] = [
  { value: 'CHARGING_STATION_NOT_WORKING', label: 'Charging Station Not Working' },
  { value: 'CHARGING_STATION_NOT_CHARGING', label: 'Charging Station Not Charging' },
  { value: 'TEST_BOOKING', label: 'Test Booking' },
  { value: 'BOOKING_BY_MISTAKE', label: 'Booking by Mistake' },
  { value: 'FAULTY_READINGS', label: 'Charging Station is sending faulty readings' },
  { value: 'SOURCE', label: 'Source' },
  { value: 'USER_WALLET', label: 'User Wallet' },
];

/** Source reference types (where the ticket's goods or work come from). */
export const ticketSourceTypes = ['VENDOR', 'INSTALLED_AT', 'WAREHOUSE', 'TECHNICIAN', 'DELIVERY', 'HOST_LOCATION'] as const;
/** Faults a servicing ticket reports. */
export const servicingIssues = ['OFFLINE', 'NOT_CHARGING', 'SOCKET_DAMAGED', 'DISPLAY_FAULT', 'RFID_READER_FAULT', 'EARTH_FAULT', 'PHYSICAL_DAMAGE', 'OTHER'] as const;

/** Fields every ticket has; `required` is false for the cross-kind resource (it never creates). */
export function commonFields(statuses: readonly string[], required: boolean): Record<string, FieldDef> {
  return {
    kind: f.choice('Kind', ticketKindOptions, { readOnly: true, display: 'badge' }),
    title: f.text('Title', { required, max: 200, searchable: true }),
    description: f.longText('Description', { max: 5000 }),
    status: f.choice('Status', statusOptions(statuses), { defaultValue: 'OPEN' }),
    priority: f.choice('Priority', priorityOptions, { defaultValue: 'MEDIUM', display: 'badge' }),
    assignee: f.relation('Assignee', 'users', { idType: 'uuid' }),
    createdBy: f.relation('Created by', 'users', { idType: 'uuid', readOnly: true }),
    dueDate: f.date('Due date'),
    tags: f.choices('Tags', optionsOf(ticketTags)),
    city: f.relation('City', 'cities', { idType: 'uuid' }),
    charger: f.relation('Charger', 'chargers'),
    /**
     * The operator of the ticket's charger when the charger was set (a trigger sets it on every insert and on a change
     * of charger, migration 0028), so the progress trackers count a ticket without its own operator by its charger's
     * without looking the charger up.
     */
    chargerOperatorId: f.relation("Charger's operator", 'charge-point-operators', { idType: 'uuid', readOnly: true }),
    location: f.relation('Location', 'locations'),
    closeReason: f.choice('Close reason', ticketCloseReasons, { display: 'text' }),
    sourceType: f.choice('Source', optionsOf(ticketSourceTypes), { display: 'badge', readOnly: true }),
    sourceId: f.text('Source id', { max: 100, readOnly: true, help: 'Vendor, warehouse or installed-at id' }),
    sourceName: f.text('Source name', { max: 200, readOnly: true }),
    sourceUser: f.relation('Source technician', 'users', { idType: 'uuid', readOnly: true }),
    sourceDeliveryTicket: f.relation('Source delivery ticket', 'delivery-tickets', { readOnly: true }),
    /** Optimistic lock: every workflow transition moves it on; a transition sent with an older one is refused. */
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  };
}

export const commonFilters = [
  { field: 'status', kind: 'select' },
  { field: 'priority', kind: 'select' },
  { field: 'assignee', kind: 'relation' },
  { field: 'city', kind: 'relation' },
  { field: 'tags', kind: 'select' },
  { field: 'dueDate', kind: 'dateRange' },
  { field: 'createdAt', kind: 'dateRange' },
] as const;

/** Fields of a ticket any kind's edit form writes (the generic update, an EDIT event of the kind's machine). */
const commonEditable = ['title', 'description', 'city', 'location', 'charger'] as const;
/** Fields a new ticket may start with besides those (later changed only by their actions). */
const commonCreateOnly = ['priority', 'tags'] as const;

/** Fields every ticket's actions and workflow own: one way to change each (never the generic update). */
const commonOwned = {
  status: "the ticket kind's workflow",
  closeReason: 'the Close action',
  assignee: 'the Assign action',
  priority: 'the Priority action',
  dueDate: 'the Due date action',
  tags: 'the Tags action',
} as const;

interface KindSpec {
  kind: TicketKind;
  name: string;
  title: string;
  plural: string;
  path: string;
  fields: Record<string, FieldDef>;
  /** Kind-specific list columns (after the title). */
  columns: readonly string[];
  /** Columns hidden until the user shows them (Columns menu), so the list fits 1440 px: City always (it is a filter). */
  hiddenColumns?: readonly string[];
  exact?: readonly string[];
  text?: readonly string[];
  view: Permission;
  /** Permission of the Open list (default the view permission). */
  openView?: Permission;
  create?: Permission;
  update?: Permission;
  /** Fields the update writes (default: the common editable and kind fields that no event owns). */
  updateFields?: readonly string[];
  /** Kind fields one of the kind's workflow events owns (field → the event), besides those every ticket has. */
  owned?: Readonly<Record<string, string>>;
  views: readonly ListView[];
  createPath?: string;
  detailPath: string;
  scopes?: Readonly<Record<string, ResourceScope>>;
  /** Kind-specific filters (after the common ones). */
  filters?: readonly FilterDef[];
  related?: readonly RelatedList[];
  /** Cross-field rule of the kind (see ResourceInput.check). */
  check?: ResourceInput['check'];
}

export function kindResource(spec: KindSpec): Resource {
  // Read-only kind fields (e.g. a delivery's items, written by its workflow) are shown, never written by the form.
  const kindFields = Object.keys(spec.fields).filter((name) => !spec.fields[name]!.readOnly);
  const owned = { ...commonOwned, ...spec.owned };
  const writable = [...commonEditable, ...commonCreateOnly, ...kindFields];
  const updateFields = spec.updateFields ?? [...commonEditable, ...kindFields].filter((name) => !(name in owned));
  const form = spec.create
    ? [
        { title: 'Ticket', fields: ['title', 'description', 'priority', 'tags'] },
        { title: spec.title, fields: kindFields },
        { title: 'Where', fields: ['city', 'location', 'charger'] },
      ]
    : [{ title: spec.title, fields: updateFields }];
  return defineResource({
    name: spec.name,
    title: spec.title,
    plural: spec.plural,
    service: '/ticket-service',
    path: spec.path,
    table: 'tickets',
    labelField: 'title',
    createdByField: 'createdBy',
    fields: { ...commonFields(kindStatusValues(spec.kind), true), ...spec.fields },
    fixed: { kind: spec.kind },
    list: {
      columns: [
        { field: 'id' },
        { field: 'title' },
        ...spec.columns.map((field) => ({ field, ...(spec.hiddenColumns?.includes(field) ? { hidden: true } : {}) })),
        { field: 'status' },
        { field: 'priority' },
        { field: 'assignee' },
        { field: 'city', hidden: true },
        { field: 'dueDate', ...(spec.hiddenColumns?.includes('dueDate') ? { hidden: true } : {}) },
        { field: 'tags', hidden: true },
        { field: 'createdBy', hidden: true },
        { field: 'createdAt' },
      ],
      filters: [...commonFilters, ...(spec.filters ?? [])],
      sortable: ['createdAt', 'dueDate'],
    },
    search: { exact: ['id', ...(spec.exact ?? [])], text: ['title', ...(spec.text ?? [])] },
    ...(spec.related ? { related: spec.related } : {}),
    ...(spec.check ? { check: spec.check } : {}),
    form,
    create: spec.create ? writable : [],
    update: spec.update ? updateFields : [],
    owned,
    permissions: { view: spec.view, ...(spec.create ? { create: spec.create } : {}), ...(spec.update ? { update: spec.update } : {}) },
    scopes: {
      open: { title: 'Open', where: [{ field: 'status', op: 'notIn', values: ticketStatuses[spec.kind].closed }], ...(spec.openView ? { permission: spec.openView } : {}) },
      ...spec.scopes,
    },
    views: spec.views,
    ...(spec.createPath ? { createPath: spec.createPath } : {}),
    detailPath: spec.detailPath,
  });
}
