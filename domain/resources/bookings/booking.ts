import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { BM } from './shared';

/** States of a charging booking (the booking machine's states, machines/booking.machine.ts). */
export const BOOKING_STATUSES = ['SCHEDULED', 'CHARGING', 'PAUSED', 'COMPLETED', 'CANCELLED', 'FAILED', 'STOPPED_BY_ADMIN'] as const;
/** How a booking was paid for. */
export const PAYMENT_MODES = ['WALLET', 'UPI', 'CARD', 'POSTPAID'] as const;
/** Channels of a help message to a booking's user. */
export const HELP_MESSAGE_CHANNELS = ['SMS', 'WHATSAPP'] as const;
/** Vehicle categories. */
export const VEHICLE_CATEGORIES = ['TWO_WHEELER', 'THREE_WHEELER', 'FOUR_WHEELER'] as const;

/** Bounds of a load-balanced session's current limit, in amperes (a charger below 6 A stops charging per IEC 61851). */
export const LOAD_LIMIT_MIN_A = 6;
export const LOAD_LIMIT_MAX_A = 32;

/** The booking a record action acts on (taken from the record page). */
function bookingOfRecord() {
  return f.int('Booking', { required: true, min: 1 });
}

/** Charging sessions booked by drivers in the app; the id is the booking number (read-only here). */
export const bookingResource = defineResource({
  name: 'bookings',
  title: 'Booking',
  plural: 'Bookings',
  service: '/booking-service',
  path: 'admin/booking',
  table: 'bookings',
  labelField: 'id',
  fields: {
    userId: f.relation('User', 'users', { idType: 'uuid', required: true }),
    // A copy of the user's number at booking time, so a phone finds bookings through one index.
    userPhone: f.phone('User phone', { required: true }),
    chargerId: f.relation('Charger', 'chargers'),
    socketCode: f.code('Socket', { max: 40, socketType: true }),
    status: f.choice(
      'Status',
      optionsOf(BOOKING_STATUSES, { SCHEDULED: 'info', CHARGING: 'warning', PAUSED: 'warning', COMPLETED: 'success', CANCELLED: 'neutral', FAILED: 'danger', STOPPED_BY_ADMIN: 'danger' }),
      { required: true },
    ),
    startedAt: f.datetime('Started', { required: true }),
    endedAt: f.datetime('Ended'),
    energyWh: f.energy('Energy', { defaultValue: 0 }),
    amount: f.money('Amount', { defaultValue: 0 }),
    tariffPerKwh: f.money('Tariff per kWh', { required: true }),
    paymentMode: f.choice('Payment mode', optionsOf(PAYMENT_MODES), { required: true, display: 'badge' }),
    vehicleCategory: f.choice('Vehicle', optionsOf(VEHICLE_CATEGORIES), { display: 'badge' }),
    cityId: f.relation('City', 'cities', { idType: 'uuid' }),
    /**
     * The operator of the booking's charger when the booking was made (every insert sets it from the charger), so the
     * progress trackers count a booking's operator without looking its charger up.
     */
    chargePointOperatorId: f.relation('Charge point operator', 'charge-point-operators', { idType: 'uuid', readOnly: true }),
    /** The current limit of a load-balanced session (a TxProfile on the charger), while one applies. */
    loadLimitA: f.int('Load limit', { min: LOAD_LIMIT_MIN_A, max: LOAD_LIMIT_MAX_A, unit: 'A', readOnly: true }),
    /** Optimistic lock: every machine event (staff's or the charger's) moves it on; one sent with an older one is refused. */
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'userId' },
      { field: 'userPhone' },
      { field: 'chargerId' },
      { field: 'socketCode', hidden: true },
      { field: 'status' },
      { field: 'startedAt' },
      { field: 'endedAt', hidden: true },
      { field: 'energyWh' },
      { field: 'amount' },
      { field: 'tariffPerKwh', hidden: true },
      { field: 'paymentMode' },
      { field: 'vehicleCategory', hidden: true },
      { field: 'cityId' },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'startedAt', kind: 'dateRange' },
      { field: 'chargerId', kind: 'relation' },
      { field: 'userId', kind: 'relation' },
      { field: 'amount', kind: 'numberRange' },
      { field: 'cityId', kind: 'relation' },
    ],
    defaultSort: { field: 'startedAt', dir: 'desc' },
    sortable: ['amount'],
  },
  search: { exact: ['id', 'userPhone'] },
  permissions: { view: 'ROLE_VIEW_ALL_BOOKINGS' },
  scopes: {
    ongoing: { title: 'Ongoing bookings', where: [{ field: 'status', op: 'in', values: ['CHARGING', 'PAUSED'] }], permission: 'ROLE_VIEW_ONGOING_BOOKINGS' },
  },
  views: [
    { path: `${BM}/all-bookings/bookings`, title: 'All Bookings' },
    { path: `${BM}/all-bookings`, title: 'Ongoing Bookings', scope: 'ongoing' },
  ],
  detailPath: `${BM}/all-bookings/bookings/:id`,
  readOnly: true,
  actions: [
    {
      // GST invoice of a completed paid booking; its route lives with the invoices (server/invoices).
      name: 'issue-invoice',
      title: 'Issue invoice',
      permission: 'ROLE_ISSUE_INVOICE',
      on: 'record',
      fields: { id: f.relation('Booking', 'bookings', { required: true }) },
      fromRecord: ['id'],
      when: { field: 'status', in: ['COMPLETED', 'STOPPED_BY_ADMIN'] },
      confirm:
        'Issues the GST invoice of this booking with the next invoice number of the financial year. An invoice cannot be withdrawn, and a booking has one invoice: issuing again shows the one already issued.',
      variant: 'primary',
    },
    {
      name: 'stop-charging',
      path: 'stop-charging',
      title: 'Stop charging',
      permission: 'ROLE_STOP_BOOKING',
      on: 'record',
      fields: { id: bookingOfRecord(), reason: f.longText('Reason', { required: true, max: 500, help: 'Kept in the booking’s history.' }) },
      fromRecord: ['id'],
      event: 'STOP',
      confirm:
        'The charger is told to stop the session now (RemoteStopTransaction). The booking ends as stopped by admin when the charger reports the stop, with the energy and amount from its meter. This cannot be undone.',
      variant: 'danger',
    },
    {
      name: 'pause-charging',
      title: 'Pause charging',
      permission: 'ROLE_PAUSE_BOOKING',
      on: 'record',
      fields: { id: bookingOfRecord() },
      fromRecord: ['id'],
      event: 'PAUSE',
      confirm: 'The charger limits the session to 0 A (a charging profile): nothing flows until it is resumed. The booking is paused once the charger accepts.',
    },
    {
      name: 'resume-charging',
      title: 'Resume charging',
      permission: 'ROLE_RESUME_BOOKING',
      on: 'record',
      fields: { id: bookingOfRecord() },
      fromRecord: ['id'],
      event: 'RESUME',
      confirm: 'The charger clears the 0 A limit and charging goes on. The booking is charging again once the charger accepts.',
      variant: 'primary',
    },
    {
      // booking-service `load-balanced-charging (start, end)`: a TxProfile limiting the session's current.
      name: 'start-load-balancing',
      path: 'load-balanced-charging/start',
      title: 'Start load balancing',
      permission: 'ROLE_LOAD_BALANCED_CHARGING',
      on: 'record',
      fields: {
        id: bookingOfRecord(),
        limitA: f.int('Current limit', {
          required: true,
          min: LOAD_LIMIT_MIN_A,
          max: LOAD_LIMIT_MAX_A,
          unit: 'A',
          help: `The most current the charger may give this session, ${LOAD_LIMIT_MIN_A} to ${LOAD_LIMIT_MAX_A} A per phase.`,
        }),
      },
      fromRecord: ['id'],
      when: { field: 'status', equals: 'CHARGING' },
      confirm: 'The charger limits this session to the current you chose (a charging profile) until load balancing is ended. The booking records the limit once the charger accepts.',
    },
    {
      name: 'end-load-balancing',
      path: 'load-balanced-charging/end',
      title: 'End load balancing',
      permission: 'ROLE_LOAD_BALANCED_CHARGING',
      on: 'record',
      fields: { id: bookingOfRecord() },
      fromRecord: ['id'],
      when: { field: 'status', equals: 'CHARGING' },
      confirm: 'The charger clears the session’s current limit and charges at its full rate again.',
    },
    {
      // booking-service `instant`: staff start a session for a customer now; the booking appears when the charger starts.
      name: 'instant',
      path: 'instant',
      title: 'Start a session now',
      permission: 'ROLE_INSTANT_BOOKING_AND_CHARGING',
      on: 'list',
      fields: {
        userId: f.relation('Customer', 'users', { idType: 'uuid', required: true }),
        chargerId: f.relation('Charger', 'chargers', { required: true }),
        connectorId: f.int('Connector', { required: true, min: 1, max: 16, help: 'The socket’s number on the charger (1 for its first socket).' }),
      },
      confirm: `The charger is told to start a session on that connector for the customer now (RemoteStartTransaction). The customer needs an active, unlocked account and, for a prepaid wallet, the minimum balance to start a session (₹50 unless the server is set otherwise); the session is paid from the wallet at the charger's tariff when it ends. The booking appears when the charger starts charging.`,
      variant: 'primary',
    },
    {
      name: 'send-help-message',
      path: 'send-help-message',
      title: 'Send help message',
      permission: 'ROLE_SEND_HELP_MESSAGE',
      on: 'record',
      fields: {
        id: bookingOfRecord(),
        channel: f.choice('Channel', optionsOf(HELP_MESSAGE_CHANNELS), { required: true, display: 'badge' }),
        message: f.longText('Message', { required: true, max: 300, help: 'Sent to the booking’s user as written (at most 300 characters).' }),
      },
      fromRecord: ['id'],
      confirm: 'The message goes to the booking’s user now, by SMS or WhatsApp, and is kept in that channel’s notification log.',
    },
    {
      name: 'initiate-outbound-call',
      path: 'initiate-outbound-call',
      title: 'Call the customer',
      permission: 'ROLE_INITIATE_OUTBOUND_CALL',
      on: 'record',
      fields: { id: bookingOfRecord() },
      fromRecord: ['id'],
      confirm: 'A call to the booking’s user is placed from your account and logged in Outbound Call Logs.',
    },
    {
      name: 'lock-customer-operations',
      path: 'lock-customer-operations',
      title: 'Lock customer operations',
      permission: 'ROLE_LOCK_CUSTOMER_OPERATIONS',
      on: 'record',
      fields: {
        userId: f.relation('User', 'users', { idType: 'uuid', required: true }),
        locked: f.boolean('Locked', { required: true, help: 'On: the customer’s app actions are refused until someone unlocks them. Off: unlock.' }),
        reason: f.longText('Reason', { required: true, max: 500, help: 'Kept on the user and in their history.' }),
      },
      fromRecord: ['userId'],
      confirm: 'Locks (or unlocks) the customer’s app operations: while locked they cannot book or charge. The user’s page shows it.',
      variant: 'danger',
    },
  ],
  owned: {
    status: 'the booking machine (machines/booking.machine.ts)',
    energyWh: 'the charger (StopTransaction) and the utilization correction',
    amount: 'the charger (StopTransaction) and the utilization correction',
    loadLimitA: 'Start load balancing and End load balancing',
  },
});
