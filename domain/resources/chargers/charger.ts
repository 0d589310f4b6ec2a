import { z } from 'zod';
import { chargerPowerTypeOptions } from '@domain/charger-power-types';
import { localListStateLabels, localListStates } from '@domain/local-list';
import { defineResource } from '@domain/resource/define-resource';
import { type FieldOption, f, type FieldDef, optionsOf } from '@domain/resource/field';
import { chargerTypeOptions, isActive, CM, oldUnitStatusOptions } from './shared';

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

/** MQTT broker keys with the broker each names. */
export const mqttBrokerOptions: FieldOption[] = [
  { value: 'RABBIT_MQ_PROPS_DEDICATED', label: 'Dedicated (mqtt-v1)' },
  { value: 'RABBIT_MQ_PROPS_SHARED', label: 'Shared (lion-fish)' },
];

/** OCPP customisations of a charger model; the create-charger draft defaults to the first. */
export const ocppCustomisationTypes = ['ABB_7KW_DC_OCPP_16_JSON', 'DELTA_AC_MAX_OCPP_16_JSON', 'EXICOM_SPIN_AC_OCPP_16_JSON', 'STANDARD_OCPP_16_JSON'] as const;

export const connectivityStatuses = ['ONLINE', 'OFFLINE', 'FAULTED', 'UNDER_MAINTENANCE'] as const;
export const usageTypes = ['PUBLIC', 'PRIVATE', 'CAPTIVE'] as const;

/** The local list's states as the chargers' lists show them (domain/local-list.ts). */
const localListStateOptions: FieldOption[] = localListStates.map((value) => ({
  value,
  label: localListStateLabels[value],
  tone: value === 'inSync' ? 'success' : value === 'failed' ? 'danger' : 'warning',
}));

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
    // The state of an OCPP charger's local authorization list (none until a list is sent to it), kept by the central
    // system's list updates (server/ocpp/local-list-store.ts) beside its own table, so the lists filter on one table.
    localListState: f.choice('Local list', localListStateOptions, { readOnly: true }),
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
      { field: 'localListState', hidden: true },
      { field: 'isActive' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'chargerType', kind: 'select' },
      { field: 'connectivityStatus', kind: 'select' },
      { field: 'localListState', kind: 'select' },
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
