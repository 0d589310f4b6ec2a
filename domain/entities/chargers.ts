import { z } from 'zod';
import { chargerPowerTypeOptions } from '../charger-power-types';
import { defineResource, type Resource } from '../resource/define-resource';
import { f, optionsOf, type FieldDef, type FieldOption } from '../resource/field';

const CM = '/charger-management';
const GD = '/global-data-management';
const ZM = '/zone-management';
const RM = '/rfid-management';

/** Charger types ({product} filled with the network's Kirana products). */
export const chargerTypes = [
  'KIRANA_LITE_GSM',
  'OCPP_16_JSON_CHARGER',
  'KIRANA_PLUS_FLEXTRON',
  'KIRANA_PLUS_FLEXTRON_WIFI',
  'CHARGE_MOD_BHARAT_AC',
  'MEKR_OMNI',
  'EV_POINT_CHARGER',
] as const;
export type ChargerType = (typeof chargerTypes)[number];

/** The identifier fields each charger type needs. */
export const chargerTypeIdentifiers: Readonly<Record<ChargerType, readonly ('deviceId' | 'chargerBoxId' | 'ccuId' | 'bleMacAddress' | 'imeiNumber' | 'chargemodStationId')[]>> = {
  KIRANA_LITE_GSM: ['deviceId'],
  OCPP_16_JSON_CHARGER: ['chargerBoxId'],
  KIRANA_PLUS_FLEXTRON: ['ccuId', 'bleMacAddress'],
  KIRANA_PLUS_FLEXTRON_WIFI: ['ccuId', 'bleMacAddress'],
  CHARGE_MOD_BHARAT_AC: ['imeiNumber', 'chargemodStationId'],
  MEKR_OMNI: ['imeiNumber', 'bleMacAddress'],
  EV_POINT_CHARGER: ['deviceId', 'bleMacAddress'],
};

const chargerTypeOptions: FieldOption[] = [
  { value: 'KIRANA_LITE_GSM', label: 'Kirana Lite GSM' },
  { value: 'OCPP_16_JSON_CHARGER', label: 'OCPP 1.6 JSON Charger' },
  { value: 'KIRANA_PLUS_FLEXTRON', label: 'Kirana Plus Flextron' },
  { value: 'KIRANA_PLUS_FLEXTRON_WIFI', label: 'Kirana Plus Flextron WiFi' },
  { value: 'CHARGE_MOD_BHARAT_AC', label: 'Charge Mod Bharat AC' },
  { value: 'MEKR_OMNI', label: 'Mekr Omni' },
  { value: 'EV_POINT_CHARGER', label: 'EV Point Charger' },
];


/** MQTT broker keys with the broker each names. */
export const mqttBrokerOptions: FieldOption[] = [
  { value: 'RABBIT_MQ_PROPS_DEDICATED', label: 'Dedicated (mqtt-v1)' },
  { value: 'RABBIT_MQ_PROPS_SHARED', label: 'Shared (lion-fish)' },
];

/** OCPP customisations of a charger model; the create-charger draft defaults to the first. */
export const ocppCustomisationTypes = ['ABB_7KW_DC_OCPP_16_JSON', 'DELTA_AC_MAX_OCPP_16_JSON', 'EXICOM_SPIN_AC_OCPP_16_JSON', 'STANDARD_OCPP_16_JSON'] as const;

/** Connector codes (the seeded socket types) a third-party station may offer. */
const connectorOptions: FieldOption[] = [
  { value: 'CCS_2', label: 'CCS 2' },
  { value: 'CHADEMO', label: 'CHAdeMO' },
  { value: 'TYPE_2', label: 'Type 2' },
  { value: 'GB_T', label: 'GB/T' },
  { value: 'BHARAT_AC_001', label: 'Bharat AC-001' },
  { value: 'BHARAT_DC_001', label: 'Bharat DC-001' },
  { value: '16AMP_WALL_SOCKET', label: '16 Amp Socket' },
  { value: '15AMP_WALL_SOCKET', label: '15 Amp Socket' },
  { value: 'LEV_AC', label: 'LEV AC (light EV)' },
];

const city = () => f.relation('City', 'cities', { idType: 'uuid', required: true });
const isActive = () => f.boolean('Active', { defaultValue: true });

/** Warehouses that hold hardware stock before installation. */
export const warehouseResource = defineResource({
  name: 'warehouses',
  title: 'Warehouse',
  plural: 'Warehouses',
  service: '/config',
  path: 'admin/warehouse',
  table: 'warehouses',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    code: f.code('Code', { required: true, unique: true, max: 20 }),
    cityId: city(),
    address: f.longText('Address', { required: true, max: 500 }),
    managerName: f.text('Manager name', { max: 120 }),
    managerMobileNumber: f.phone('Manager mobile number'),
    isActive: isActive(),
  },
  list: {
    columns: [{ field: 'code' }, { field: 'name' }, { field: 'cityId' }, { field: 'managerName' }, { field: 'managerMobileNumber' }, { field: 'address', hidden: true }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'name', kind: 'text' }, { field: 'cityId', kind: 'relation' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['code', 'createdAt'],
  },
  search: { exact: ['id', 'code', 'managerMobileNumber'], text: ['name'] },
  form: [
    { title: 'Warehouse', fields: ['name', 'code', 'cityId', 'address'] },
    { title: 'Manager', fields: ['managerName', 'managerMobileNumber'] },
  ],
  permissions: { view: 'ROLE_VIEW_WAREHOUSE', create: 'ROLE_ADD_WAREHOUSE', update: 'ROLE_UPDATE_WAREHOUSE', activate: 'ROLE_UPDATE_WAREHOUSE' },
  activeField: 'isActive',
  views: [{ path: `${GD}/warehouse-management`, title: 'Warehouse Management' }],
  createPath: `${GD}/warehouse-management/add`,
});

export const locationTypes = ['RESIDENTIAL', 'COMMERCIAL', 'KIRANA_STORE', 'HIGHWAY', 'OFFICE', 'HOTEL', 'MALL', 'FUEL_STATION'] as const;
export const locationStatuses = ['PROSPECT', 'READY_FOR_INSTALLATION', 'LIVE', 'INACTIVE'] as const;

/** A six-digit Indian PIN code (digits only). */
const pinCode = (): FieldDef => ({
  ...f.text('PIN code', { required: true, digitsOnly: true, max: 6 }),
  input: z.string({ error: 'This field is required' }).trim().regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code'),
});

/** Sites (premises of a host) where chargers are or will be installed. */
export const locationResource = defineResource({
  name: 'locations',
  title: 'Location',
  plural: 'Locations',
  service: '/charger-service',
  path: 'location',
  table: 'locations',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 160 }),
    address: f.longText('Address', { required: true, max: 500 }),
    locality: f.text('Locality', { max: 120 }),
    cityId: city(),
    pinCode: pinCode(),
    coordinates: f.coordinates('Coordinates', { required: true, help: 'Latitude,longitude, e.g. 12.9716,77.5946' }),
    hostId: f.relation('Host', 'users', { idType: 'uuid' }),
    locationType: f.choice('Location type', optionsOf(locationTypes), { required: true, display: 'badge' }),
    status: f.choice('Status', optionsOf(locationStatuses, { PROSPECT: 'info', READY_FOR_INSTALLATION: 'warning', LIVE: 'success', INACTIVE: 'neutral' }), { defaultValue: 'PROSPECT' }),
    isActive: isActive(),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'name' },
      { field: 'locality' },
      { field: 'cityId' },
      { field: 'pinCode', hidden: true },
      { field: 'locationType' },
      { field: 'status' },
      { field: 'hostId' },
      { field: 'coordinates', hidden: true },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'cityId', kind: 'relation' },
      { field: 'status', kind: 'select' },
      { field: 'locationType', kind: 'select' },
      { field: 'isActive', kind: 'boolean' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['name', 'createdAt'],
  },
  search: { exact: ['id', 'pinCode'], text: ['name', 'locality'] },
  form: [
    { title: 'Location', fields: ['name', 'locationType', 'status', 'hostId'] },
    { title: 'Address', fields: ['address', 'locality', 'cityId', 'pinCode', 'coordinates'] },
  ],
  permissions: { view: 'ROLE_VIEW_ALL_LOCATION', create: 'ROLE_ADD_LOCATION', update: 'ROLE_UPDATE_LOCATION', activate: 'ROLE_UPDATE_LOCATION_STATUS' },
  activeField: 'isActive',
  views: [{ path: `${CM}/all-location`, title: 'All Location' }],
  createPath: `${CM}/all-location/add-location`,
  related: [{ resource: 'chargers', field: 'locationId', title: 'Chargers' }],
});

export const hardwareStatuses = ['IN_STOCK', 'ASSIGNED', 'IN_TRANSIT', 'INSTALLED', 'UNDER_REPAIR', 'SCRAPPED'] as const;

/** Charger hardware units (stock, in transit, installed), by serial number; INSTALLED only through Replace hardware. */
export const hardwareResource = defineResource({
  name: 'hardware',
  title: 'Hardware',
  plural: 'Hardware',
  service: '/ccu',
  path: 'hardware',
  table: 'hardware',
  labelField: 'serialNumber',
  fields: {
    serialNumber: f.code('Serial number', { required: true, unique: true, max: 40 }),
    deviceId: f.code('Device id', { max: 40 }),
    imeiNumber: f.text('IMEI number', { digitsOnly: true, max: 15 }),
    hardwareType: f.choice('Hardware type', chargerTypeOptions, { required: true, display: 'badge' }),
    status: f.choice('Status', optionsOf(hardwareStatuses, { IN_STOCK: 'info', ASSIGNED: 'neutral', IN_TRANSIT: 'warning', INSTALLED: 'success', UNDER_REPAIR: 'warning', SCRAPPED: 'danger' }), { defaultValue: 'IN_STOCK' }),
    warehouseId: f.relation('Warehouse', 'warehouses'),
    vendorId: f.relation('Vendor', 'vendors'),
    purchasePrice: f.money('Purchase price'),
    purchasedOn: f.date('Purchased on'),
  },
  list: {
    columns: [
      { field: 'serialNumber' },
      { field: 'hardwareType' },
      { field: 'deviceId' },
      { field: 'imeiNumber', hidden: true },
      { field: 'status' },
      { field: 'warehouseId' },
      { field: 'vendorId' },
      { field: 'purchasePrice' },
      { field: 'purchasedOn' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'hardwareType', kind: 'select' },
      { field: 'status', kind: 'select' },
      { field: 'warehouseId', kind: 'relation' },
      { field: 'vendorId', kind: 'relation' },
      { field: 'purchasedOn', kind: 'dateRange' },
    ],
    sortable: ['purchasedOn', 'purchasePrice'],
  },
  search: { exact: ['id', 'serialNumber', 'deviceId', 'imeiNumber'] },
  form: [
    { title: 'Device', fields: ['serialNumber', 'hardwareType', 'deviceId', 'imeiNumber'] },
    { title: 'Stock', fields: ['status', 'warehouseId', 'vendorId', 'purchasePrice', 'purchasedOn'] },
  ],
  // A unit is installed in a charger, and taken out of one, only by Replace hardware (which keeps the charger's
  // unit and the unit's status in step): the generic add and edit move it between the other statuses only.
  reservedValues: { status: { values: ['INSTALLED'], by: 'Replace hardware on a charger’s page' } },
  permissions: { view: 'ROLE_VIEW_HARDWARE', create: 'ROLE_CREATE_HARDWARE', update: 'ROLE_UPDATE_HARDWARE' },
  views: [{ path: `${CM}/hardware-inventory`, title: 'Hardware Inventory' }],
  summary: { path: `${CM}/warehouse-summary`, title: 'Summary', groupBy: ['warehouseId', 'status'] },
});

export const connectivityStatuses = ['ONLINE', 'OFFLINE', 'FAULTED', 'UNDER_MAINTENANCE'] as const;
export const usageTypes = ['PUBLIC', 'PRIVATE', 'CAPTIVE'] as const;

const socketFields = {
  code: f.code('Socket type', { required: true }),
  displayText: f.text('Display text', { required: true, max: 60 }),
  value: f.decimal('Power', { required: true, max: 400, unit: 'kW' }),
};

/** The permissions of the charger actions: replace hardware, update QR code, always-on, protected network. */
export const UPDATE_QR_CODE_PERMISSION = 'ROLE_UPDATE_QR_CODE' as const;
export const UPDATE_ALWAYS_ON_PERMISSION = 'ROLE_UPDATE_ALWAYS_ON' as const;
export const UPDATE_CHARGER_GROUP_PERMISSION = 'ROLE_UPDATE_CHARGER_GROUP' as const;
export const UPDATE_PROTECTED_NETWORK_PERMISSION = 'ROLE_UPDATE_PROTECTED_NETWORK' as const;
export const REPLACE_HARDWARE_PERMISSION = 'ROLE_REPLACE_HARDWARE' as const;
/** The permission of Map to host (host mapping). */
export const UPDATE_HOST_MAPPING_PERMISSION = 'ROLE_UPDATE_HOST_MAPPING' as const;

/** What a charger's QR code value may be. */
export const QR_CODE_MESSAGE = 'Use 6 to 64 letters, digits or hyphens (e.g. CZ-QR-000123)';

/** A charger's QR code value: 6 to 64 letters, digits or hyphens, trimmed. */
const qrCodeField = (opts: { required?: boolean; unique?: boolean } = {}): FieldDef => ({
  ...f.code('QR code', { max: 64, help: 'The value printed in the charger’s QR code: 6 to 64 letters, digits or hyphens.', ...opts }),
  input: z
    .string({ error: 'This field is required' })
    .trim()
    .min(1, { error: 'This field is required', abort: true })
    .regex(/^[A-Za-z0-9-]{6,64}$/, QR_CODE_MESSAGE),
});

const chargerOfRecord = () => f.relation('Charger', 'chargers', { required: true });
const chargerActionReason = () => f.longText('Reason', { required: true, max: 500, help: 'Kept in the charger’s history.' });
const oldUnitStatusOptions: FieldOption[] = [
  { value: 'IN_STOCK', label: 'Stock (it works)' },
  { value: 'UNDER_REPAIR', label: 'Repair (faulty)' },
];

/** Charging stations of the network (created by the create-charger workflow; edited and toggled here). */
export const chargerResource = defineResource({
  name: 'chargers',
  title: 'Charger',
  plural: 'Chargers',
  service: '/charger-service',
  path: 'admin/charger',
  table: 'chargers',
  labelField: 'uniqueId',
  fields: {
    uniqueId: f.code('Unique id', { required: true, unique: true, max: 40 }),
    chargerType: f.choice('Charger type', chargerTypeOptions, { required: true, display: 'badge' }),
    deviceId: f.code('Device id', { unique: true, max: 40 }),
    chargerBoxId: f.code('Charger box id', { unique: true, max: 60 }),
    imeiNumber: f.text('IMEI number', { unique: true, digitsOnly: true, max: 15 }),
    ccuId: f.code('CCU id', { unique: true, max: 40 }),
    bleMacAddress: f.code('BLE MAC address', { unique: true, max: 17 }),
    chargemodStationId: f.code('Chargemod station id', { unique: true, max: 40 }),
    // Location, city and power type are set when the charger is placed (a new charger is created without them).
    powerType: f.choice('Power type', chargerPowerTypeOptions, { display: 'text' }),
    sockets: f.items('Sockets', socketFields, { maxItems: 6 }),
    locationId: f.relation('Location', 'locations'),
    cityId: f.relation('City', 'cities', { idType: 'uuid' }),
    chargePointOperatorId: f.relation('Charge point operator', 'charge-point-operators', { idType: 'uuid', required: true }),
    hostId: f.relation('Host', 'users', { idType: 'uuid' }),
    // The charger's group: the user group whose members this charger serves (a group's own chargers).
    groupId: f.relation('User group', 'groups', { help: 'The user group whose members this charger serves; empty for everyone.' }),
    ocppCustomisationType: f.choice('OCPP customisation', optionsOf(ocppCustomisationTypes), { display: 'text' }),
    mqttBrokerKey: f.choice('MQTT broker', mqttBrokerOptions, { defaultValue: 'RABBIT_MQ_PROPS_DEDICATED', display: 'text' }),
    macAddress: f.code('MAC address', { max: 17 }),
    keyValuePairs: f.items('Key-value pairs', { key: f.text('Key', { required: true, max: 100 }), value: f.text('Value', { required: true, max: 500 }) }, { maxItems: 20 }),
    connectivityStatus: f.choice('Connectivity', optionsOf(connectivityStatuses, { ONLINE: 'success', OFFLINE: 'neutral', FAULTED: 'danger', UNDER_MAINTENANCE: 'warning' }), {
      defaultValue: 'OFFLINE',
      readOnly: true,
    }),
    lastHeartbeatAt: f.datetime('Last heartbeat', { readOnly: true }),
    usageType: f.choice('Usage type', optionsOf(usageTypes), { defaultValue: 'PUBLIC', display: 'badge' }),
    qrCodeValue: qrCodeField({ unique: true }),
    alwaysOn: f.boolean('Always on', { defaultValue: false }),
    protectedNetwork: f.boolean('Protected network', { defaultValue: false }),
    // One charger per unit: a unit installed in one charger cannot be installed in another (unique index, 0016).
    hardwareId: f.relation('Hardware unit', 'hardware', { unique: true }),
    isActive: isActive(),
  },
  list: {
    columns: [
      { field: 'uniqueId' },
      { field: 'chargerType' },
      { field: 'locationId' },
      { field: 'cityId' },
      { field: 'powerType' },
      { field: 'connectivityStatus' },
      { field: 'usageType' },
      { field: 'chargePointOperatorId', hidden: true },
      { field: 'hostId', hidden: true },
      { field: 'deviceId', hidden: true },
      { field: 'imeiNumber', hidden: true },
      { field: 'qrCodeValue', hidden: true },
      { field: 'hardwareId', hidden: true },
      { field: 'alwaysOn', hidden: true },
      { field: 'protectedNetwork', hidden: true },
      { field: 'groupId', hidden: true },
      { field: 'lastHeartbeatAt' },
      { field: 'isActive' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'chargerType', kind: 'select' },
      { field: 'connectivityStatus', kind: 'select' },
      { field: 'powerType', kind: 'select' },
      { field: 'usageType', kind: 'select' },
      { field: 'locationId', kind: 'relation' },
      { field: 'cityId', kind: 'relation' },
      { field: 'chargePointOperatorId', kind: 'relation' },
      { field: 'groupId', kind: 'relation' },
      { field: 'isActive', kind: 'boolean' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['uniqueId', 'lastHeartbeatAt'],
  },
  // Exact ids only: operators type a full id; a trigram index on ids would slow every charger write for little gain.
  search: {
    exact: ['id', 'uniqueId', 'deviceId', 'chargerBoxId', 'imeiNumber', 'ccuId', 'bleMacAddress', 'chargemodStationId'],
    prefix: ['uniqueId', 'deviceId', 'chargerBoxId', 'imeiNumber'],
  },
  form: [
    { title: 'Placement', fields: ['locationId', 'cityId', 'chargePointOperatorId', 'usageType'] },
    { title: 'Power', fields: ['powerType', 'sockets'] },
    { title: 'Connectivity', fields: ['ocppCustomisationType', 'mqttBrokerKey'] },
  ],
  // Creating a charger is the create-charger workflow (/charger-management/create), not the generic form.
  create: [],
  update: ['locationId', 'cityId', 'chargePointOperatorId', 'usageType', 'powerType', 'sockets', 'ocppCustomisationType', 'mqttBrokerKey'],
  // The host changes only by Transfer device (a preview, a row lock against a stale "from", an audit row of from and to).
  // Host mapping is this action too: there is no second way to map a charger to a host.
  owned: {
    groupId: 'the Set group action (server/chargers/charger-action-routes.ts)',
    hostId: 'the Transfer device and Map to host actions (server/chargers/charger-host.ts)',
    qrCodeValue: 'the Update QR code action (server/chargers/charger-action-routes.ts)',
    alwaysOn: 'the Always-on action',
    protectedNetwork: 'the Protected network action',
    hardwareId: 'the Replace hardware action',
  },
  permissions: { view: 'ROLE_SEARCH_CHARGER', create: 'ROLE_CREATE_CHARGER', update: 'ROLE_UPDATE_CHARGER', activate: 'ROLE_ACTIVATE_INACTIVATE_CHARGER' },
  activeField: 'isActive',
  scopes: {
    active: { title: 'Active Stations', where: [{ field: 'isActive', op: 'eq', value: true }, { field: 'connectivityStatus', op: 'eq', value: 'ONLINE' }] },
  },
  views: [
    { path: `${CM}/all-chargers`, title: 'All Stations' },
    { path: `${CM}/active-chargers`, title: 'Active Stations', scope: 'active' },
  ],
  // The create-charger workflow's screen (src/workflows/create-charger), offered as "Add charger" on the lists.
  createPath: `${CM}/create`,
  related: [
    { resource: 'bookings', field: 'chargerId', title: 'Bookings' },
    { resource: 'transactions', field: 'chargerId', title: 'Transactions' },
    { resource: 'hardware-replacements', field: 'chargerId', title: 'Hardware replacements' },
  ],
  actions: [
    {
      name: 'update-qr-code',
      path: 'qr-code',
      title: 'Update QR code',
      permission: UPDATE_QR_CODE_PERMISSION,
      on: 'record',
      fields: { id: chargerOfRecord(), qrCodeValue: qrCodeField({ required: true }) },
      fromRecord: ['id'],
      edit: ['qrCodeValue'],
      confirm: 'Drivers who scan the new code reach this charger; the old code no longer does. A code belongs to one charger.',
      variant: 'primary',
    },
    {
      // charger-service `group`: the user group the charger serves, set or cleared with a reason.
      name: 'group',
      path: 'group',
      title: 'Set group',
      permission: UPDATE_CHARGER_GROUP_PERMISSION,
      on: 'record',
      fields: {
        id: chargerOfRecord(),
        groupId: f.relation('User group', 'groups', { help: 'Leave empty to take the charger out of its group.' }),
        reason: chargerActionReason(),
      },
      fromRecord: ['id'],
      edit: ['groupId'],
      confirm: 'The charger serves the members of this group (or everyone, when no group is chosen). The reason is kept in its history.',
    },
    {
      name: 'always-on',
      title: 'Always-on',
      permission: UPDATE_ALWAYS_ON_PERMISSION,
      on: 'record',
      fields: { id: chargerOfRecord(), alwaysOn: f.boolean('Always on', { required: true }), reason: chargerActionReason() },
      fromRecord: ['id'],
      edit: ['alwaysOn'],
      confirm: 'Turns always-on on or off for this charger. The reason is kept in its history.',
    },
    {
      name: 'protected-network',
      title: 'Protected network',
      permission: UPDATE_PROTECTED_NETWORK_PERMISSION,
      on: 'record',
      fields: { id: chargerOfRecord(), protectedNetwork: f.boolean('Protected network', { required: true }), reason: chargerActionReason() },
      fromRecord: ['id'],
      edit: ['protectedNetwork'],
      confirm: 'Puts the charger on the protected network or takes it off. The reason is kept in its history.',
    },
    {
      name: 'replace-hardware',
      title: 'Replace hardware',
      permission: REPLACE_HARDWARE_PERMISSION,
      on: 'record',
      fields: {
        id: chargerOfRecord(),
        hardwareId: f.relation('New hardware unit', 'hardware', { required: true, help: 'A unit in stock, of the charger’s type.' }),
        oldUnitStatus: f.choice('The old unit goes to', oldUnitStatusOptions, { required: true, display: 'text' }),
        reason: chargerActionReason(),
      },
      fromRecord: ['id'],
      confirm: 'The new unit is installed in this charger; the old one goes back to stock, or to repair when faulty. Recorded in Hardware replacements.',
      variant: 'danger',
    },
    {
      name: 'host-mapping',
      path: 'admin/charger/host-mapping',
      title: 'Map to host',
      permission: UPDATE_HOST_MAPPING_PERMISSION,
      on: 'record',
      fields: {
        id: chargerOfRecord(),
        hostId: f.relation('Host', 'users', { idType: 'uuid', help: 'A user registered as an active host. Leave empty to take the charger off its host.' }),
        reason: chargerActionReason(),
      },
      fromRecord: ['id'],
      edit: ['hostId'],
      confirm: 'The charger’s earnings and settlements go to this host from now on (none when left empty). The reason is kept in its history.',
    },
  ],
});

/** Where the unit taken out of a charger goes: back to stock when it works, to repair when it is faulty. */
export const oldUnitStatuses = ['IN_STOCK', 'UNDER_REPAIR'] as const;

/** Hardware swaps of chargers, each with the unit taken out, the unit put in and why (read-only log). */
export const hardwareReplacementResource = defineResource({
  name: 'hardware-replacements',
  title: 'Hardware replacement',
  plural: 'Hardware replacements',
  service: '/charger-service',
  path: 'hardware-replacement',
  table: 'charger_hardware_replacements',
  labelField: 'id',
  fields: {
    chargerId: f.relation('Charger', 'chargers', { required: true }),
    fromHardwareId: f.relation('Unit taken out', 'hardware'),
    toHardwareId: f.relation('Unit put in', 'hardware', { required: true }),
    oldUnitStatus: f.choice('Old unit went to', oldUnitStatusOptions, { display: 'text' }),
    reason: f.longText('Reason', { required: true, max: 500 }),
    replacedById: f.relation('By', 'users', { idType: 'uuid' }),
    replacedAt: f.datetime('At', { required: true }),
  },
  list: {
    columns: [{ field: 'chargerId' }, { field: 'fromHardwareId' }, { field: 'toHardwareId' }, { field: 'oldUnitStatus' }, { field: 'reason' }, { field: 'replacedById' }, { field: 'replacedAt' }],
    filters: [{ field: 'chargerId', kind: 'relation' }, { field: 'replacedAt', kind: 'dateRange' }],
    defaultSort: { field: 'replacedAt', dir: 'desc' },
  },
  search: { exact: ['id'] },
  permissions: { view: 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS' },
  views: [{ path: `${CM}/hardware-inventory/replacements`, title: 'Hardware Replacements' }],
  readOnly: true,
});

export const transactionProtocols = ['OCPP', 'FLEXTRON', 'GSM'] as const;
export const transactionStatuses = ['IN_PROGRESS', 'COMPLETED', 'STOPPED_BY_ADMIN', 'FAILED'] as const;
export const transactionStopReasons = ['LOCAL', 'REMOTE', 'EV_DISCONNECTED', 'POWER_LOSS', 'EMERGENCY_STOP', 'OTHER'] as const;

// The three transaction lists share one table. The all-protocols list has no fixed value, so its fields stay
// optional (a required field on a shared table needs a fixed value to scope its CHECK); the per-protocol lists
// require theirs, which adds CHECKs for their rows.
function transactionFields(required: boolean): Record<string, FieldDef> {
  return {
    chargerId: f.relation('Charger', 'chargers', { required }),
    transactionRef: f.code('Transaction ref', { required, max: 60 }),
    protocol: f.choice('Protocol', optionsOf(transactionProtocols), { required, display: 'badge' }),
    meterStartWh: f.energy('Meter start'),
    meterStopWh: f.energy('Meter stop'),
    energyWh: f.energy('Energy'),
    startedAt: f.datetime('Started', { required }),
    endedAt: f.datetime('Ended'),
    status: f.choice('Status', optionsOf(transactionStatuses, { IN_PROGRESS: 'info', COMPLETED: 'success', STOPPED_BY_ADMIN: 'warning', FAILED: 'danger' }), { required }),
    stopReason: f.choice('Stop reason', optionsOf(transactionStopReasons), { display: 'text' }),
  };
}

const transactionList = (withProtocol: boolean) => ({
  columns: [
    { field: 'transactionRef' },
    { field: 'chargerId' },
    ...(withProtocol ? [{ field: 'protocol' }] : []),
    { field: 'startedAt' },
    { field: 'endedAt' },
    { field: 'energyWh' },
    { field: 'meterStartWh', hidden: true },
    { field: 'meterStopWh', hidden: true },
    { field: 'status' },
    { field: 'stopReason' },
  ],
  filters: [
    ...(withProtocol ? [{ field: 'protocol', kind: 'select' as const }] : []),
    { field: 'status', kind: 'select' as const },
    { field: 'chargerId', kind: 'relation' as const },
    { field: 'startedAt', kind: 'dateRange' as const },
  ],
  defaultSort: { field: 'startedAt', dir: 'desc' as const },
  sortable: ['energyWh'],
});

const transactionBase = {
  title: 'Transaction',
  service: '/ccu' as const,
  table: 'charger_transactions',
  labelField: 'transactionRef',
  search: { exact: ['id', 'transactionRef'] },
  permissions: { view: 'ROLE_VIEW_TRANSACTION' as const },
  readOnly: true,
};

/** Charging transactions reported by chargers, all protocols (read-only). */
export const transactionResource = defineResource({
  ...transactionBase,
  name: 'transactions',
  plural: 'Transactions',
  path: 'transaction',
  fields: transactionFields(false),
  list: transactionList(true),
  views: [{ path: `${CM}/transaction`, title: 'Transactions' }],
});

/** OCPP transactions (the shared transaction table, protocol OCPP). */
export const ocppTransactionResource = defineResource({
  ...transactionBase,
  name: 'ocpp-transactions',
  title: 'OCPP transaction',
  plural: 'OCPP transactions',
  path: 'ocpp-transaction',
  fields: transactionFields(true),
  fixed: { protocol: 'OCPP' },
  list: transactionList(false),
  views: [{ path: `${CM}/ocpp-transactions`, title: 'OCPP Transactions' }],
});

/** Flextron transactions (the shared transaction table, protocol FLEXTRON). */
export const flextronTransactionResource = defineResource({
  ...transactionBase,
  name: 'flextron-transactions',
  title: 'Flextron transaction',
  plural: 'Flextron transactions',
  path: 'flextron-transaction',
  fields: transactionFields(true),
  fixed: { protocol: 'FLEXTRON' },
  list: transactionList(false),
  views: [{ path: `${CM}/flextron-transactions`, title: 'Flextron Transactions' }],
});

/** Public stations of other networks, shown to users next to the network's own. */
export const otherNetworkChargerResource = defineResource({
  name: 'other-network-chargers',
  title: 'Third party charger',
  plural: 'Third party chargers',
  service: '/charger-service',
  path: 'third-party-charger',
  table: 'third_party_chargers',
  labelField: 'stationName',
  fields: {
    networkOperatorName: f.text('Network operator', { required: true, max: 120 }),
    stationName: f.text('Station name', { required: true, max: 160 }),
    address: f.longText('Address', { required: true, max: 500 }),
    cityId: city(),
    coordinates: f.coordinates('Coordinates', { required: true }),
    powerKw: f.decimal('Power', { required: true, max: 400, unit: 'kW' }),
    connectorTypes: f.choices('Connector types', connectorOptions, { required: true }),
    isActive: isActive(),
  },
  list: {
    columns: [
      { field: 'stationName' },
      { field: 'networkOperatorName' },
      { field: 'cityId' },
      { field: 'powerKw' },
      { field: 'connectorTypes' },
      { field: 'coordinates', hidden: true },
      { field: 'isActive' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'networkOperatorName', kind: 'text' },
      { field: 'cityId', kind: 'relation' },
      { field: 'connectorTypes', kind: 'select' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['stationName', 'powerKw'],
  },
  search: { exact: ['id'], text: ['stationName', 'networkOperatorName'] },
  form: [
    { title: 'Station', fields: ['networkOperatorName', 'stationName', 'powerKw', 'connectorTypes'] },
    { title: 'Address', fields: ['address', 'cityId', 'coordinates'] },
  ],
  permissions: { view: 'ROLE_GET_THIRD_PARTY_CHARGER', create: 'ROLE_ADD_THIRD_PARTY_CHARGER', update: 'ROLE_ADD_THIRD_PARTY_CHARGER', activate: 'ROLE_ADD_THIRD_PARTY_CHARGER' },
  activeField: 'isActive',
  views: [{ path: `${CM}/other-network-chargers`, title: 'Third Party Chargers' }],
  createPath: `${CM}/other-network-chargers/create`,
});

export const riskLevels = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;

const zoneFields = () => ({
  name: f.text('Name', { required: true, max: 120 }),
  cityId: city(),
  centre: f.coordinates('Centre', { required: true, help: 'Latitude,longitude of the zone centre' }),
  radiusKm: f.decimal('Radius', { required: true, min: 0.1, max: 100, unit: 'km' }),
  ownerId: f.relation('Owner', 'users', { idType: 'uuid', help: 'The staff member responsible for the zone' }),
  isActive: isActive(),
});

const zoneList = (extra: readonly string[]) => ({
  columns: [{ field: 'name' }, { field: 'cityId' }, ...extra.map((field) => ({ field })), { field: 'radiusKm' }, { field: 'ownerId' }, { field: 'isActive' }, { field: 'createdAt' }],
  filters: [{ field: 'name', kind: 'text' as const }, { field: 'cityId', kind: 'relation' as const }, ...extra.map((field) => ({ field, kind: 'select' as const })), { field: 'isActive', kind: 'boolean' as const }],
  sortable: ['name', 'createdAt'],
});

const zonePermissions = { view: 'ROLE_VIEW_ZONES', create: 'ROLE_SAVE_ZONE', update: 'ROLE_SAVE_ZONE', activate: 'ROLE_ACTIVATE_INACTIVATE_ZONE' } as const;

/** Areas where chargers need extra care (theft, vandalism, flooding), with their risk level. */
export const riskZoneResource = defineResource({
  name: 'risk-zones',
  title: 'Risk zone',
  plural: 'Risk zones',
  service: '/charger-service',
  path: 'risk-zone',
  table: 'risk_zones',
  labelField: 'name',
  fields: {
    ...zoneFields(),
    riskLevel: f.choice('Risk level', optionsOf(riskLevels, { LOW: 'info', MEDIUM: 'warning', HIGH: 'danger', CRITICAL: 'danger' }), { required: true }),
    notes: f.longText('Notes', { max: 1000 }),
  },
  list: zoneList(['riskLevel']),
  search: { exact: ['id'], text: ['name'] },
  form: [
    { title: 'Zone', fields: ['name', 'riskLevel', 'ownerId', 'notes'] },
    { title: 'Area', fields: ['cityId', 'centre', 'radiusKm'] },
  ],
  permissions: zonePermissions,
  activeField: 'isActive',
  views: [{ path: `${ZM}/risk-zone`, title: 'Risk Zone' }],
  createPath: `${ZM}/risk-zone/add`,
});

/** Areas the field teams operate in, each with its owner. */
export const operationalZoneResource = defineResource({
  name: 'operational-zones',
  title: 'Operational zone',
  plural: 'Operational zones',
  service: '/charger-service',
  path: 'operational-zone',
  table: 'operational_zones',
  labelField: 'name',
  fields: zoneFields(),
  list: zoneList([]),
  search: { exact: ['id'], text: ['name'] },
  form: [
    { title: 'Zone', fields: ['name', 'ownerId'] },
    { title: 'Area', fields: ['cityId', 'centre', 'radiusKm'] },
  ],
  permissions: zonePermissions,
  activeField: 'isActive',
  views: [{ path: `${ZM}/operational-zone`, title: 'Operational Zone' }],
  createPath: `${ZM}/operational-zone/add`,
});

export const rfidActions = ['ADDED', 'REMOVED', 'BLOCKED'] as const;

/** The permissions of Add RFID card and Remove RFID card. */
export const ADD_RFID_CARD_PERMISSION = 'ROLE_ADD_RFID_CARD' as const;
export const REMOVE_RFID_CARD_PERMISSION = 'ROLE_REMOVE_RFID_CARD' as const;

/** What a card number may be: the card's UID or printed number, 4 to 20 letters or digits (an OCPP idTag is at most 20). */
export const RFID_CARD_NUMBER_MESSAGE = 'Use 4 to 20 letters or digits, without spaces (e.g. 04A3B2C1)';
const rfidCardNumberInput = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, { error: 'This field is required', abort: true })
  .regex(/^[A-Za-z0-9]{4,20}$/, RFID_CARD_NUMBER_MESSAGE);

/** A card number as staff type it: checked here, stored upper-case by the server (`normaliseCardNumber`). */
const rfidCardNumber = (opts: { unique?: boolean } = {}): FieldDef => ({
  ...f.code('Card number', { required: true, max: 20, help: 'The number printed on the card or its UID: 4 to 20 letters or digits.', ...opts }),
  input: rfidCardNumberInput,
});

/** The stored form of a card number: trimmed, upper-case (card UIDs are hex; readers send either case). */
export function normaliseCardNumber(value: string): string {
  return value.trim().toUpperCase();
}

const rfidRemoveReason = f.longText('Reason', { required: true, max: 500, help: 'Recorded in RFID History.' });

/**
 * RFID cards on users' accounts (user-service `rfid-card`): one row per card and holder, from Add RFID card until
 * Remove RFID card. A card is held by one user at a time: a unique index on the card numbers of held rows
 * (migration 0013). Rows change only through those two actions, each writing RFID History; OCPP Authorize accepts a
 * held card that is not blocked (server/ocpp/authorisation-store.ts reads the history they write).
 */
export const rfidCardResource = defineResource({
  name: 'rfid-cards',
  title: 'RFID card',
  plural: 'RFID cards',
  service: '/user-service',
  path: 'rfid-card',
  table: 'rfid_cards',
  labelField: 'cardNumber',
  fields: {
    cardNumber: rfidCardNumber(),
    userId: f.relation('User', 'users', { idType: 'uuid', required: true }),
    held: f.boolean('On the account', { defaultValue: true }),
    blocked: f.boolean('Blocked', { defaultValue: false }),
    addedAt: f.datetime('Added', { required: true, readOnly: true }),
    addedById: f.relation('Added by', 'users', { idType: 'uuid' }),
    removedAt: f.datetime('Removed', { readOnly: true }),
    removedById: f.relation('Removed by', 'users', { idType: 'uuid' }),
    removeReason: f.longText('Why removed', { max: 500 }),
  },
  list: {
    columns: [
      { field: 'cardNumber' },
      { field: 'userId' },
      { field: 'held' },
      { field: 'blocked' },
      { field: 'addedAt' },
      { field: 'addedById' },
      { field: 'removedAt', hidden: true },
    ],
    filters: [{ field: 'userId', kind: 'relation' }, { field: 'held', kind: 'boolean' }, { field: 'blocked', kind: 'boolean' }, { field: 'addedAt', kind: 'dateRange' }],
    defaultSort: { field: 'addedAt', dir: 'desc' },
  },
  search: { exact: ['id', 'cardNumber'] },
  permissions: { view: 'ROLE_VIEW_USERS' },
  scopes: { held: { title: 'On accounts now', where: [{ field: 'held', op: 'eq', value: true }] } },
  views: [{ path: `${RM}/rfid-cards`, title: 'RFID Cards', scope: 'held' }],
  readOnly: true,
  actions: [
    {
      name: 'add',
      title: 'Add RFID card',
      permission: ADD_RFID_CARD_PERMISSION,
      on: 'list',
      fields: { userId: f.relation('User', 'users', { idType: 'uuid', required: true }), cardNumber: rfidCardNumber() },
      confirm: 'The card starts charging sessions for this user at once. A card belongs to one user at a time.',
      variant: 'primary',
    },
    {
      name: 'remove',
      title: 'Remove RFID card',
      permission: REMOVE_RFID_CARD_PERMISSION,
      on: 'record',
      fields: { cardNumber: rfidCardNumber(), reason: rfidRemoveReason },
      fromRecord: ['cardNumber'],
      when: { field: 'held', equals: true },
      confirm: 'Chargers refuse the card from now on. This cannot be undone: to use the card again, add it again.',
      variant: 'danger',
    },
  ],
});

/** RFID cards added to, removed from or blocked on users' accounts (read-only log). */
export const rfidHistoryResource = defineResource({
  name: 'rfid-history',
  title: 'RFID card event',
  plural: 'RFID history',
  service: '/user-service',
  path: 'rfid-card/history',
  table: 'rfid_card_history',
  labelField: 'cardNumber',
  fields: {
    cardNumber: f.code('Card number', { required: true, max: 32 }),
    userId: f.relation('User', 'users', { idType: 'uuid', required: true }),
    action: f.choice('Action', optionsOf(rfidActions, { ADDED: 'success', REMOVED: 'neutral', BLOCKED: 'danger' }), { required: true }),
    actedById: f.relation('By', 'users', { idType: 'uuid' }),
    actedAt: f.datetime('At', { required: true }),
    reason: f.longText('Reason', { max: 500 }),
  },
  list: {
    columns: [{ field: 'cardNumber' }, { field: 'userId' }, { field: 'action' }, { field: 'reason' }, { field: 'actedById' }, { field: 'actedAt' }],
    filters: [{ field: 'action', kind: 'select' }, { field: 'userId', kind: 'relation' }, { field: 'actedAt', kind: 'dateRange' }],
    defaultSort: { field: 'actedAt', dir: 'desc' },
  },
  search: { exact: ['id', 'cardNumber'] },
  permissions: { view: null },
  views: [{ path: `${RM}/rfid-history`, title: 'RFID History' }],
  readOnly: true,
});

export const authorizeResults = ['ACCEPTED', 'REJECTED', 'EXPIRED'] as const;

/** RFID authorize requests chargers sent, with the answer given (read-only log). */
export const authorizeHistoryResource = defineResource({
  name: 'authorize-history',
  title: 'Authorize request',
  plural: 'Authorize history',
  service: '/ccu',
  path: 'authorize-request',
  table: 'rfid_authorize_requests',
  labelField: 'cardNumber',
  fields: {
    cardNumber: f.code('Card number', { required: true, max: 32 }),
    chargerId: f.relation('Charger', 'chargers', { required: true }),
    userId: f.relation('Card holder', 'users', { idType: 'uuid' }),
    result: f.choice('Result', optionsOf(authorizeResults, { ACCEPTED: 'success', REJECTED: 'danger', EXPIRED: 'warning' }), { required: true }),
    reason: f.text('Reason', { max: 200 }),
    requestedAt: f.datetime('At', { required: true }),
  },
  list: {
    columns: [{ field: 'cardNumber' }, { field: 'chargerId' }, { field: 'userId' }, { field: 'result' }, { field: 'reason' }, { field: 'requestedAt' }],
    filters: [{ field: 'result', kind: 'select' }, { field: 'chargerId', kind: 'relation' }, { field: 'requestedAt', kind: 'dateRange' }],
    defaultSort: { field: 'requestedAt', dir: 'desc' },
  },
  search: { exact: ['id', 'cardNumber'] },
  permissions: { view: 'ROLE_VIEW_AUTHORIZE_REQUEST' },
  views: [{ path: `${RM}/authorize-history`, title: 'Authorize History' }],
  readOnly: true,
});

/** Resources of this module (declared in the order of the side menu). */
export const chargerResources: readonly Resource[] = [
  hardwareResource,
  transactionResource,
  ocppTransactionResource,
  flextronTransactionResource,
  chargerResource,
  locationResource,
  otherNetworkChargerResource,
  // RFID History before RFID cards: its list `rfid-card/history` is registered before the cards' `rfid-card/:id`.
  hardwareReplacementResource,
  rfidHistoryResource,
  rfidCardResource,
  authorizeHistoryResource,
  operationalZoneResource,
  riskZoneResource,
  warehouseResource,
];
