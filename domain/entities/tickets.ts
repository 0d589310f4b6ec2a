import type { Permission } from '../permissions';
import { chargerPowerTypeOptions } from '../charger-power-types';
import { defineResource, type FilterDef, type ListView, type RelatedList, type Resource, type ResourceInput, type ResourceScope } from '../resource/define-resource';
import { f, optionsOf, type FieldDef, type FieldOption } from '../resource/field';

const TM = '/ticket-management';
const CM = '/charger-management';

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

/** Every closed status of any kind (a ticket in none of these is open). */
export const closedTicketStatuses: readonly string[] = [...new Set(Object.values(ticketStatuses).flatMap((s) => s.closed))];

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
const kindStatusValues = (kind: TicketKind) => [...ticketStatuses[kind].open, ...ticketStatuses[kind].closed];
const allStatusValues = [...new Set(ticketKinds.flatMap(kindStatusValues))];

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

/** Mounting options. */
export const mountingOptions: readonly FieldOption[] = [
  { value: 'STAND', label: 'Stand' },
  { value: 'WALL', label: 'Wall' },
  { value: 'RCC_SLAB', label: 'RCC slab' },
  { value: 'OTHER', label: 'Other' },
];

/** Protection options. */
export const protectionOptions: readonly FieldOption[] = [
  { value: 'MCB_16A_2_POLE', label: 'MCB 16A 2-Pole' },
  { value: 'MCB_40A_2_POLE', label: 'MCB 40A 2-Pole' },
  { value: 'MCB_40A_4_POLE', label: 'MCB 40A 4-Pole' },
  { value: 'MCB_63A_4_POLE', label: 'MCB 63A 4-Pole' },
  { value: 'MCCB_100A_4_POLE', label: 'MCCB 100A 4-Pole' },
  { value: 'MCCB_160A_4_POLE', label: 'MCCB 160A 4-Pole' },
  { value: 'MCCB_250A_4_POLE', label: 'MCCB 250A 4-Pole' },
  { value: 'OTHERS', label: 'Others' },
];

/** Where a charger would be parked at an inspected site. */
export const parkingTypes = ['OPEN_PARKING', 'COVERED_PARKING', 'BASEMENT', 'STILT_PARKING', 'STREET_SIDE'] as const;
/** Categories of a customer support ticket. */
export const supportCategories = ['CHARGING_FAILED', 'REFUND', 'BILLING', 'APP_ISSUE', 'RFID', 'OTHER'] as const;
/** Delivery ticket types. */
export const deliveryTicketTypes = ['ORDER_DELIVERY', 'CONSIGNMENT_DELIVERY', 'CHARGER_SERVICING_DELIVERY'] as const;
/** The one type-data field (deliveryTicketTypeData) each delivery type needs, with its words. */
export const deliveryTypeData: Readonly<Record<(typeof deliveryTicketTypes)[number], { field: string; label: string }>> = {
  ORDER_DELIVERY: { field: 'orderId', label: 'order' },
  CONSIGNMENT_DELIVERY: { field: 'consignmentId', label: 'consignment' },
  CHARGER_SERVICING_DELIVERY: { field: 'chargerServicingTicketId', label: 'charger servicing ticket' },
};
const typeLabel = (type: string) => type.replaceAll('_', ' ').toLowerCase();

/** A delivery's type decides which of order, consignment or charger servicing ticket it holds: the one it needs, never the others. */
export function deliveryTypeDataIssues(record: Readonly<Record<string, unknown>>): { path: string; message: string }[] {
  const type = record.deliveryTicketType as (typeof deliveryTicketTypes)[number] | undefined;
  const needed = type ? deliveryTypeData[type] : undefined;
  if (!needed) return [];
  const issues: { path: string; message: string }[] = [];
  const empty = (v: unknown) => v === null || v === undefined;
  if (empty(record[needed.field])) issues.push({ path: needed.field, message: `This ${typeLabel(type!)} needs its ${needed.label}` });
  for (const other of Object.values(deliveryTypeData)) {
    if (other.field !== needed.field && !empty(record[other.field])) {
      issues.push({ path: other.field, message: `This ${typeLabel(type!)} has no ${other.label}: leave it empty` });
    }
  }
  return issues;
}
/** The fields of one delivered item. */
export const deliveryItemFields = {
  name: f.text('Item', { required: true, max: 120 }),
  quantity: f.int('Quantity', { required: true, min: 1, max: 10_000 }),
  serialNumber: f.code('Serial number', { max: 64 }),
};
/** Couriers that carry deliveries. */
export const couriers = ['BLUE_DART', 'DELHIVERY', 'DTDC', 'ECOM_EXPRESS', 'XPRESSBEES', 'OWN_FLEET'] as const;
/** Why an installation ticket was assigned (a field of the installation draft). */
export const installationPurposes = ['INSTALLATION', 'DELIVERY'] as const;
/** Kinds of booking utilization anomaly. */
export const anomalyTypes = ['ZERO_ENERGY', 'EXCESS_ENERGY', 'LONG_IDLE_SESSION', 'METER_READING_MISMATCH', 'DUPLICATE_BOOKING', 'ABRUPT_STOP'] as const;
/** What a charger approval ticket asks to approve. */
export const approvalTypes = ['NEW_CHARGER', 'LOCATION_CHANGE', 'TARIFF_CHANGE', 'OWNERSHIP_CHANGE'] as const;
/** Faults a servicing ticket reports. */
export const servicingIssues = ['OFFLINE', 'NOT_CHARGING', 'SOCKET_DAMAGED', 'DISPLAY_FAULT', 'RFID_READER_FAULT', 'EARTH_FAULT', 'PHYSICAL_DAMAGE', 'OTHER'] as const;

/** Fields every ticket has; `required` is false for the cross-kind resource (it never creates). */
function commonFields(statuses: readonly string[], required: boolean): Record<string, FieldDef> {
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

const commonFilters = [
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

function kindResource(spec: KindSpec): Resource {
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

/** Site inspections: a field visit that records whether and how a site can host a charger. */
export const siteInspectionTicketResource = kindResource({
  kind: 'SITE_INSPECTION',
  name: 'site-inspection-tickets',
  title: 'Site inspection ticket',
  plural: 'Site inspection tickets',
  path: 'site-inspection-ticket',
  fields: {
    siteName: f.text('Site name', { required: true, max: 200 }),
    address: f.longText('Address', { required: true, max: 500 }),
    coordinates: f.coordinates('Coordinates'),
    hostPhone: f.phone('Host phone'),
    images: f.images('Site images'),
    powerAvailableKw: f.decimal('Power available', { unit: 'kW', max: 5000 }),
    mounting: f.choice('Mounting', mountingOptions, { display: 'text' }),
    protection: f.choice('Protection', protectionOptions, { display: 'text' }),
    parkingType: f.choice('Parking type', optionsOf(parkingTypes), { display: 'text' }),
  },
  columns: ['siteName', 'hostPhone'],
  exact: ['hostPhone'],
  text: ['siteName'],
  view: 'ROLE_VIEW_ALL_SITE_INSPECTION_TICKETS',
  openView: 'ROLE_VIEW_OPEN_SITE_INSPECTION_TICKETS',
  create: 'ROLE_ADD_SITE_INSPECTION_DATA',
  update: 'ROLE_ADD_SITE_INSPECTION_DATA',
  views: [
    { path: `${TM}/site-inspection-tickets`, title: 'All Site Inspection Tickets' },
    { path: `${TM}/site-inspection-tickets/open`, title: 'Open Site Inspection Tickets', scope: 'open' },
  ],
  createPath: `${TM}/site-inspection-tickets/add`,
  detailPath: `${TM}/site-inspection-tickets/:id`,
});

/** Charger approvals: a new charger or a change to one waiting for sign-off. */
export const chargerApprovalTicketResource = kindResource({
  kind: 'CHARGER_APPROVAL',
  name: 'charger-approval-tickets',
  title: 'Charger approval ticket',
  plural: 'Charger approval tickets',
  path: 'charger-approval',
  fields: {
    approvalType: f.choice('Approval for', optionsOf(approvalTypes), { required: true, display: 'badge' }),
    uniqueId: f.code('Charger unique id', { max: 64 }),
  },
  columns: ['approvalType', 'charger'],
  exact: ['uniqueId'],
  view: 'ROLE_VIEW_CHARGER_APPROVAL_TICKETS',
  update: 'ROLE_UPDATE_CHARGER_APPROVAL_TICKET',
  views: [
    { path: `${TM}/charger-approval-tickets`, title: 'All Charger Approval Tickets' },
    { path: `${TM}/charger-approval-tickets/open`, title: 'Open Charger Approval Tickets', scope: 'open' },
  ],
  detailPath: `${TM}/charger-approval-tickets/:id`,
});

/** Hardware servicing: a faulty device sent for repair. */
export const hardwareServicingTicketResource = kindResource({
  kind: 'HARDWARE_SERVICING',
  owned: { availableDate: 'the Set available date event' },
  name: 'hardware-servicing-tickets',
  title: 'Hardware servicing ticket',
  plural: 'Hardware servicing tickets',
  path: 'hardware-servicing',
  fields: {
    hardware: f.relation('Hardware', 'hardware'),
    issue: f.choice('Issue', optionsOf(servicingIssues), { required: true, display: 'text' }),
    availableDate: f.date('Available from'),
  },
  columns: ['hardware', 'issue', 'availableDate'],
  view: 'ROLE_VIEW_ALL_HARDWARE_SERVICING_TICKETS',
  openView: 'ROLE_VIEW_OPEN_HARDWARE_SERVICING_TICKETS',
  // The available date and the status move only through the servicing machine (SET_AVAILABLE_DATE and the rest).
  views: [
    { path: `${CM}/servicing-required/hardware-management/all-tickets`, title: 'All Hardware Servicing Tickets' },
    { path: `${CM}/servicing-required/hardware-management/open-tickets`, title: 'Open Hardware Servicing Tickets', scope: 'open' },
  ],
  detailPath: `${CM}/servicing-required/hardware-management/tickets/:id`,
});

/** Charger servicing: a charger in the field that needs a technician. */
export const chargerServicingTicketResource = kindResource({
  kind: 'CHARGER_SERVICING',
  owned: { availableDate: 'the Set available date event' },
  name: 'charger-servicing-tickets',
  title: 'Charger servicing ticket',
  plural: 'Charger servicing tickets',
  path: 'charger-servicing',
  fields: {
    issue: f.choice('Issue', optionsOf(servicingIssues), { required: true, display: 'text' }),
    availableDate: f.date('Available from'),
  },
  columns: ['charger', 'issue', 'availableDate'],
  view: 'ROLE_VIEW_ALL_CHARGER_SERVICING_TICKETS',
  openView: 'ROLE_VIEW_OPEN_CHARGER_SERVICING_TICKETS',
  // The available date and the status move only through the servicing machine (SET_AVAILABLE_DATE and the rest).
  views: [
    { path: `${CM}/servicing-required`, title: 'All Charger Servicing Tickets' },
    { path: `${CM}/servicing-required/open`, title: 'Open Charger Servicing Tickets', scope: 'open' },
  ],
  detailPath: `${CM}/servicing-required/tickets/:id`,
  related: [{ resource: 'delivery-tickets', field: 'chargerServicingTicketId', title: 'Deliveries' }],
});

/** Customer support: a driver's or host's complaint or question. */
export const customerSupportTicketResource = kindResource({
  kind: 'CUSTOMER_SUPPORT',
  name: 'customer-support-tickets',
  title: 'Customer support ticket',
  plural: 'Customer support tickets',
  path: 'customer-support',
  fields: {
    customerPhone: f.phone('Customer phone', { required: true }),
    category: f.choice('Category', optionsOf(supportCategories), { required: true, display: 'badge' }),
    booking: f.relation('Booking', 'bookings'),
  },
  columns: ['customerPhone', 'category', 'booking'],
  hiddenColumns: ['booking'],
  exact: ['customerPhone'],
  view: 'ROLE_VIEW_CUSTOMER_SUPPORT_TICKETS',
  create: 'ROLE_ADD_CUSTOMER_SUPPORT_TICKET',
  update: 'ROLE_UPDATE_CUSTOMER_SUPPORT_TICKET',
  views: [
    { path: `${TM}/customer-support-tickets/all-tickets`, title: 'All Customer Support Tickets' },
    { path: `${TM}/customer-support-tickets/open-tickets`, title: 'Open Customer Support Tickets', scope: 'open' },
  ],
  createPath: `${TM}/customer-support-tickets/add`,
  detailPath: `${TM}/customer-support-tickets/:id`,
});

/** Demo: a charger demonstration for a prospective host or fleet. */
export const demoTicketResource = kindResource({
  kind: 'DEMO',
  owned: { demoAt: 'the Schedule event' },
  name: 'demo-tickets',
  title: 'Demo ticket',
  plural: 'Demo tickets',
  path: 'demo-ticket',
  fields: {
    contactName: f.text('Contact name', { required: true, max: 120 }),
    contactPhone: f.phone('Contact phone', { required: true }),
    demoAt: f.datetime('Demo at'),
    address: f.longText('Address', { max: 500 }),
  },
  columns: ['contactName', 'contactPhone', 'demoAt'],
  exact: ['contactPhone'],
  view: 'ROLE_VIEW_DEMO_TICKETS',
  create: 'ROLE_ADD_DEMO_TICKET',
  update: 'ROLE_UPDATE_DEMO_TICKET',
  views: [
    { path: `${TM}/demo-tickets`, title: 'All Demo Tickets' },
    { path: `${TM}/demo-tickets/open`, title: 'Open Demo Tickets', scope: 'open' },
  ],
  detailPath: `${TM}/demo-tickets/:id`,
});

/** Bundle management: putting a bundle of chargers together for an investor. */
export const bundleTicketResource = kindResource({
  kind: 'BUNDLE',
  name: 'bundle-management-tickets',
  title: 'Bundle management ticket',
  plural: 'Bundle management tickets',
  path: 'investment-bundle-ticket',
  fields: {
    bundleName: f.text('Bundle name', { required: true, max: 120 }),
    numberOfChargers: f.int('Number of chargers', { min: 1, max: 10_000 }),
    bundleAmount: f.money('Bundle amount'),
    investorName: f.text('Investor name', { max: 120 }),
    contactPhone: f.phone('Contact phone'),
  },
  columns: ['bundleName', 'numberOfChargers', 'bundleAmount', 'investorName'],
  hiddenColumns: ['dueDate'],
  exact: ['contactPhone'],
  text: ['bundleName'],
  view: 'ROLE_VIEW_BUNDLE_TICKETS',
  create: 'ROLE_ADD_BUNDLE_TICKET',
  update: 'ROLE_UPDATE_BUNDLE_TICKET',
  views: [
    { path: `${TM}/bundle-management-tickets`, title: 'All Bundle Management Tickets' },
    { path: `${TM}/bundle-management-tickets/open`, title: 'Open Bundle Management Tickets', scope: 'open' },
  ],
  detailPath: `${TM}/bundle-management-tickets/:id`,
});

/** Booking utilization anomalies: a booking whose energy or duration looks wrong. */
export const bookingAnomalyTicketResource = kindResource({
  kind: 'BOOKING_UTILIZATION_ANOMALY',
  name: 'booking-utilization-tickets',
  title: 'Booking utilization anomaly',
  plural: 'Booking utilization anomalies',
  path: 'booking-utilization-anomaly',
  fields: {
    booking: f.relation('Booking', 'bookings'),
    anomalyType: f.choice('Anomaly', optionsOf(anomalyTypes), { required: true, display: 'badge' }),
    billedEnergy: f.energy('Billed energy'),
    meteredEnergy: f.energy('Metered energy'),
  },
  columns: ['booking', 'anomalyType', 'billedEnergy', 'meteredEnergy'],
  hiddenColumns: ['dueDate'],
  view: 'ROLE_VIEW_BOOKING_ANOMALY_TICKETS',
  create: 'ROLE_ADD_BOOKING_ANOMALY_TICKET',
  update: 'ROLE_UPDATE_BOOKING_ANOMALY_TICKET',
  views: [
    { path: `${TM}/booking-utilization-tickets`, title: 'All Booking Utilization Anomalies' },
    { path: `${TM}/booking-utilization-tickets/open`, title: 'Open Booking Utilization Anomalies', scope: 'open' },
  ],
  detailPath: `${TM}/booking-utilization-tickets/:id`,
});

/** Delivery: goods on their way (an order, a consignment or a serviced charger). */
export const deliveryTicketResource = kindResource({
  kind: 'DELIVERY',
  owned: { courier: 'the Dispatch event', awbNumber: 'the Dispatch event' },
  name: 'delivery-tickets',
  title: 'Delivery ticket',
  plural: 'Delivery tickets',
  path: 'delivery-ticket',
  fields: {
    deliveryTicketType: f.choice('Delivery type', optionsOf(deliveryTicketTypes), { required: true, display: 'badge' }),
    orderId: f.relation('Order', 'orders'),
    consignmentId: f.relation('Consignment', 'consignment-tickets'),
    chargerServicingTicketId: f.relation('Charger servicing ticket', 'charger-servicing-tickets'),
    courier: f.choice('Courier', optionsOf(couriers), { display: 'text' }),
    awbNumber: f.code('AWB number', { max: 40 }),
    /** Goods on the delivery, added by the workflow's ADD_ITEM (machines/delivery.machine.ts). */
    items: f.items('Items', deliveryItemFields, { readOnly: true, maxItems: 100 }),
  },
  columns: ['deliveryTicketType', 'orderId', 'courier', 'awbNumber'],
  hiddenColumns: ['orderId', 'courier'],
  exact: ['awbNumber'],
  view: 'ROLE_VIEW_DELIVERY_TICKETS',
  create: 'ROLE_ADD_DELIVERY_TICKET',
  update: 'ROLE_UPDATE_DELIVERY_TICKET',
  // The status moves only through the delivery machine; the courier and AWB number are set by DISPATCH.
  filters: [
    { field: 'deliveryTicketType', kind: 'select' },
    { field: 'orderId', kind: 'relation' },
    { field: 'consignmentId', kind: 'relation' },
    { field: 'chargerServicingTicketId', kind: 'relation' },
  ],
  check: deliveryTypeDataIssues,
  scopes: { inTransit: { title: 'In transit', where: [{ field: 'status', op: 'eq', value: 'IN_TRANSIT' }] } },
  views: [
    { path: `${TM}/delivery-tickets/all-tickets`, title: 'All Delivery Tickets' },
    { path: `${TM}/delivery-tickets/in-transit-tickets`, title: 'In Transit Delivery Tickets', scope: 'inTransit' },
  ],
  detailPath: `${TM}/delivery-tickets/:id`,
});

/** Consignments: goods shipped from a vendor to a warehouse, received there (update-status). */
export const consignmentTicketResource = kindResource({
  kind: 'CONSIGNMENT',
  name: 'consignment-tickets',
  title: 'Consignment ticket',
  plural: 'Consignment tickets',
  path: 'consignment-ticket',
  fields: {
    consignmentNumber: f.code('Consignment number', { required: true, max: 40 }),
    vendor: f.relation('Vendor', 'vendors'),
    warehouse: f.relation('Warehouse', 'warehouses'),
    numberOfUnits: f.int('Number of units', { min: 1, max: 100_000 }),
  },
  columns: ['consignmentNumber', 'vendor', 'warehouse', 'numberOfUnits'],
  hiddenColumns: ['dueDate'],
  exact: ['consignmentNumber'],
  view: 'ROLE_VIEW_CONSIGNMENT_TICKETS',
  create: 'ROLE_ADD_CONSIGNMENT_TICKET',
  update: 'ROLE_UPDATE_CONSIGNMENT_TICKET',
  // The status moves only through the consignment machine (machines/consignment.machine.ts).
  views: [
    { path: `${TM}/consignment-tickets`, title: 'All Consignment Tickets' },
    { path: `${TM}/consignment-tickets/open`, title: 'Open Consignment Tickets', scope: 'open' },
  ],
  createPath: `${TM}/consignment-tickets/add`,
  detailPath: `${TM}/consignment-tickets/:id`,
  related: [{ resource: 'delivery-tickets', field: 'consignmentId', title: 'Deliveries' }],
});

/** Charger installation: installing a charger at a host's site (its installation form). */
export const installationTicketResource = kindResource({
  kind: 'INSTALLATION',
  name: 'installation-tickets',
  title: 'Charger installation ticket',
  plural: 'Charger installation tickets',
  path: 'charger-installation',
  fields: {
    phoneNumber: f.phone('Host phone number', { required: true }),
    uniqueId: f.code('Charger unique id', { required: true, max: 64 }),
    qrCodeValue: f.text('QR code value', { max: 200 }),
    chargePointOperatorId: f.relation('Charge point operator', 'charge-point-operators', { idType: 'uuid' }),
    purposeOfAssigning: f.choice('Purpose', optionsOf(installationPurposes), { required: true, display: 'badge' }),
  },
  columns: ['uniqueId', 'phoneNumber', 'purposeOfAssigning', 'chargePointOperatorId'],
  hiddenColumns: ['chargePointOperatorId', 'purposeOfAssigning'],
  exact: ['phoneNumber', 'uniqueId'],
  view: 'ROLE_VIEW_CHARGER_INSTALLATION_TICKETS',
  // Created through the API for now; the console's tickets/{id}/installation/add flow is the workflow issue's.
  create: 'ROLE_FILL_CHARGER_INSTALLATION_FORM',
  update: 'ROLE_FILL_CHARGER_INSTALLATION_FORM',
  updateFields: ['phoneNumber', 'uniqueId', 'qrCodeValue', 'chargePointOperatorId', 'purposeOfAssigning'],
  // The status moves only through the installation machine (machines/installation.machine.ts).
  scopes: {
    ready: { title: 'Ready for installation', where: [{ field: 'status', op: 'eq', value: 'READY_FOR_INSTALLATION' }], permission: 'ROLE_VIEW_READY_FOR_INSTALLATION' },
    all: { title: 'All installations', where: [], permission: 'ROLE_VIEW_ALL_INSTALLATIONS' },
  },
  views: [
    { path: `${CM}/installation`, title: 'Charger Installations' },
    { path: '/installation-management/ready-for-install', title: 'Ready for installation', scope: 'ready' },
    { path: '/installation-management/all-installation', title: 'All installations', scope: 'all' },
  ],
  detailPath: `${CM}/installation/:id`,
});

/** Every ticket of every kind: the cross-kind lists (my tickets, today's, all open). */
export const ticketResource = defineResource({
  name: 'tickets',
  title: 'Ticket',
  plural: 'Tickets',
  service: '/ticket-service',
  path: 'my-ticket',
  table: 'tickets',
  labelField: 'title',
  createdByField: 'createdBy',
  fields: commonFields(allStatusValues, false),
  list: {
    columns: [
      { field: 'id' },
      { field: 'kind' },
      { field: 'title' },
      { field: 'status' },
      { field: 'priority' },
      { field: 'assignee' },
      { field: 'city' },
      { field: 'dueDate' },
      { field: 'tags', hidden: true },
      { field: 'createdBy', hidden: true },
      { field: 'createdAt' },
    ],
    filters: [{ field: 'kind', kind: 'select' }, ...commonFilters],
    sortable: ['createdAt', 'dueDate'],
  },
  search: { exact: ['id'], text: ['title'] },
  permissions: { view: 'ROLE_VIEW_ALL_TICKETS' },
  scopes: {
    mine: { title: 'My tickets', where: [{ field: 'assignee', op: 'isCurrentUser' }], permission: null },
    mineOpen: { title: 'My open tickets', where: [{ field: 'assignee', op: 'isCurrentUser' }, { field: 'status', op: 'notIn', values: closedTicketStatuses }], permission: null },
    today: {
      title: "Today's tickets",
      where: [{ field: 'assignee', op: 'isCurrentUser' }, { op: 'anyOf', conditions: [{ field: 'dueDate', op: 'today' }, { field: 'createdAt', op: 'today' }] }],
      permission: null,
    },
    open: { title: 'Open tickets', where: [{ field: 'status', op: 'notIn', values: closedTicketStatuses }] },
  },
  views: [
    { path: `${TM}/all-tickets`, title: 'My All Tickets', scope: 'mine' },
    { path: `${TM}/open-tickets`, title: 'My Open Tickets', scope: 'mineOpen' },
    { path: `${TM}/today-tickets`, title: "Today's Tickets", scope: 'today' },
    { path: `${TM}/open`, title: 'All Open Tickets', scope: 'open' },
  ],
  detailPath: `${TM}/tickets/:id`,
});

/** Order statuses, in the order an order moves through them. */
export const orderStatuses = ['PLACED', 'CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
/** Order statuses after which nothing is left to do. */
export const closedOrderStatuses = ['DELIVERED', 'CANCELLED'] as const;
/** The fixed tag list of orders. */
export const orderTags = ['BULK_ORDER', 'CORPORATE', 'HOST_PARTNER', 'FLEET', 'PRIORITY', 'GIFT', 'NEEDS_FOLLOW_UP', 'PAYMENT_PENDING', 'INSTALLATION_REQUIRED'] as const;

/** Charger orders placed by customers, hosts and fleets. */
export const orderResource = defineResource({
  name: 'orders',
  title: 'Order',
  plural: 'Orders',
  service: '/lms',
  path: 'order',
  table: 'orders',
  labelField: 'orderNumber',
  createdByField: 'createdBy',
  fields: {
    orderNumber: f.code('Order number', { required: true, unique: true, max: 40 }),
    customerName: f.text('Customer name', { required: true, max: 120 }),
    phone: f.phone('Phone', { required: true }),
    product: f.choice('Product', chargerPowerTypeOptions, { required: true, display: 'text' }),
    quantity: f.int('Quantity', { required: true, min: 1, max: 1000 }),
    amount: f.money('Amount', { required: true }),
    status: f.choice(
      'Status',
      optionsOf(orderStatuses, { PLACED: 'info', CONFIRMED: 'warning', PACKED: 'warning', SHIPPED: 'warning', DELIVERED: 'success', CANCELLED: 'danger' }),
      { defaultValue: 'PLACED' },
    ),
    tags: f.choices('Tags', optionsOf(orderTags)),
    deliveryAddress: f.longText('Delivery address', { max: 500 }),
    city: f.relation('City', 'cities', { idType: 'uuid' }),
    assignee: f.relation('Assignee', 'users', { idType: 'uuid' }),
    createdBy: f.relation('Created by', 'users', { idType: 'uuid', readOnly: true }),
    /** Optimistic lock: every workflow event and edit moves it on; one sent with an older one is refused. */
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'orderNumber' },
      { field: 'customerName' },
      { field: 'phone' },
      { field: 'product' },
      { field: 'quantity' },
      { field: 'amount' },
      { field: 'status' },
      { field: 'tags', hidden: true },
      { field: 'city' },
      { field: 'assignee' },
      { field: 'deliveryAddress', hidden: true },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'product', kind: 'select' },
      { field: 'city', kind: 'relation' },
      { field: 'assignee', kind: 'relation' },
      { field: 'tags', kind: 'select' },
      { field: 'amount', kind: 'numberRange' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['createdAt', 'amount'],
  },
  search: { exact: ['id', 'orderNumber', 'phone'], text: ['customerName'], prefix: ['orderNumber'] },
  form: [{ title: 'Order', fields: ['tags', 'assignee'] }],
  create: [],
  update: ['tags', 'assignee'],
  owned: { status: 'the order workflow' },
  permissions: { view: 'ROLE_VIEW_ALL_ORDERS', update: 'ROLE_UPDATE_ORDER_STATUS' },
  related: [{ resource: 'delivery-tickets', field: 'orderId', title: 'Deliveries' }],
  scopes: {
    open: { title: 'Open orders', where: [{ field: 'status', op: 'notIn', values: closedOrderStatuses }], permission: 'ROLE_VIEW_OPEN_ORDERS' },
    mine: {
      title: 'My orders',
      where: [{ op: 'anyOf', conditions: [{ field: 'assignee', op: 'isCurrentUser' }, { field: 'createdBy', op: 'isCurrentUser' }] }],
      permission: 'ROLE_VIEW_MY_ORDERS',
    },
  },
  views: [
    { path: '/order-management/all-orders', title: 'All Orders' },
    { path: '/order-management/open-orders', title: 'Open Orders', scope: 'open' },
    { path: '/order-management/my-orders', title: 'My Orders', scope: 'mine' },
    { path: '/order-management/orders', title: 'Orders' },
  ],
  detailPath: '/order-management/all-orders/:id',
});

/** Resources of this module (declared in the order of the side menu). */
export const ticketResources: readonly Resource[] = [
  ticketResource,
  siteInspectionTicketResource,
  chargerApprovalTicketResource,
  hardwareServicingTicketResource,
  chargerServicingTicketResource,
  customerSupportTicketResource,
  demoTicketResource,
  bundleTicketResource,
  bookingAnomalyTicketResource,
  deliveryTicketResource,
  consignmentTicketResource,
  installationTicketResource,
  orderResource,
];
