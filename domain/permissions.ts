import { z } from 'zod';

/**
 * The permission catalogue: every ROLE_-style permission string of the product, grouped by
 * family. Roles grant these; menu entries, routes and actions require them.
 */
export const permissionFamilies = {
  'Progress tracker': ['ROLE_VIEW_DAILY_TRACKER', 'ROLE_VIEW_MONTHLY_TRACKER'],
  'Charger installation ticket': [
    'ROLE_VIEW_CHARGER_INSTALLATION_TICKETS',
    'ROLE_REJECT_CHARGER_INSTALLATION',
    'ROLE_SEND_CHARGER_INSTALLATION_FOR_APPROVAL',
    'ROLE_VIEW_CHARGER_INSTALLATION_FORM',
    'ROLE_FILL_CHARGER_INSTALLATION_FORM',
    'ROLE_DELETE_CHARGER_INSTALLATION_FORM',
    'ROLE_MARK_READY_FOR_INSTALLATION',
    'ROLE_FORCE_CLOSE_CHARGER_INSTALLATION',
    'ROLE_VIEW_ALL_INSTALLATIONS',
  ],
  'Site inspection': [
    'ROLE_ADD_SITE_INSPECTION_DATA',
    'ROLE_ADD_SITE_INSPECTION_IMAGE',
    'ROLE_REMOVE_SITE_INSPECTION_IMAGE',
    'ROLE_SEND_SITE_INSPECTION_FOR_APPROVAL',
    'ROLE_APPROVE_SITE_INSPECTION',
    'ROLE_REJECT_SITE_INSPECTION',
    'ROLE_VIEW_ALL_SITE_INSPECTION_TICKETS',
    'ROLE_VIEW_OPEN_SITE_INSPECTION_TICKETS',
  ],
  'Charger approval ticket': ['ROLE_VIEW_CHARGER_APPROVAL_TICKETS', 'ROLE_UPDATE_CHARGER_APPROVAL_TICKET'],
  'Servicing tickets': [
    'ROLE_VIEW_OPEN_CHARGER_SERVICING_TICKETS',
    'ROLE_VIEW_ALL_CHARGER_SERVICING_TICKETS',
    'ROLE_VIEW_CHARGER_SERVICING_MAP',
    'ROLE_COMPLETE_CHARGER_SERVICING_TICKET',
    'ROLE_SET_CHARGER_SERVICING_AVAILABLE_DATE',
    'ROLE_VIEW_OPEN_HARDWARE_SERVICING_TICKETS',
    'ROLE_VIEW_ALL_HARDWARE_SERVICING_TICKETS',
    'ROLE_COMPLETE_HARDWARE_SERVICING_TICKET',
    'ROLE_SET_HARDWARE_SERVICING_AVAILABLE_DATE',
  ],
  'Other tickets': [
    'ROLE_ADD_DEMO_TICKET',
    'ROLE_VIEW_DEMO_TICKETS',
    'ROLE_UPDATE_DEMO_TICKET',
    'ROLE_ADD_DELIVERY_TICKET',
    'ROLE_VIEW_DELIVERY_TICKETS',
    'ROLE_UPDATE_DELIVERY_TICKET',
    'ROLE_ADD_CONSIGNMENT_TICKET',
    'ROLE_VIEW_CONSIGNMENT_TICKETS',
    'ROLE_UPDATE_CONSIGNMENT_TICKET',
    'ROLE_ADD_CUSTOMER_SUPPORT_TICKET',
    'ROLE_VIEW_CUSTOMER_SUPPORT_TICKETS',
    'ROLE_UPDATE_CUSTOMER_SUPPORT_TICKET',
    'ROLE_ADD_OFFLINE_CHARGER_TICKET',
    'ROLE_VIEW_OFFLINE_CHARGER_TICKETS',
    'ROLE_UPDATE_OFFLINE_CHARGER_TICKET',
    'ROLE_ADD_BOOKING_ANOMALY_TICKET',
    'ROLE_VIEW_BOOKING_ANOMALY_TICKETS',
    'ROLE_UPDATE_BOOKING_ANOMALY_TICKET',
    'ROLE_ADD_BUNDLE_TICKET',
    'ROLE_VIEW_BUNDLE_TICKETS',
    'ROLE_UPDATE_BUNDLE_TICKET',
  ],
  'Ticket actions': [
    'ROLE_ASSIGN_TICKET',
    'ROLE_UPDATE_TICKET_PRIORITY',
    'ROLE_UPDATE_TICKET_DUE_DATE',
    'ROLE_UPDATE_TICKET_TAGS',
    'ROLE_COMMENT_ON_TICKET',
    'ROLE_CLOSE_TICKET',
    'ROLE_VIEW_ALL_TICKETS',
  ],
  Chargers: [
    'ROLE_CREATE_CHARGER',
    'ROLE_UPDATE_CHARGER',
    'ROLE_ACTIVATE_INACTIVATE_CHARGER',
    'ROLE_SEARCH_CHARGER',
    'ROLE_VIEW_CHARGER_INVENTORY',
    'ROLE_REPLACE_HARDWARE',
    'ROLE_UPDATE_QR_CODE',
    'ROLE_UPDATE_ALWAYS_ON',
    'ROLE_UPDATE_CHARGER_GROUP',
    'ROLE_UPDATE_HOST_MAPPING',
    'ROLE_UPDATE_PROTECTED_NETWORK',
    'ROLE_GET_THIRD_PARTY_CHARGER',
    'ROLE_ADD_THIRD_PARTY_CHARGER',
    'ROLE_TRANSFER_DEVICE',
  ],
  Locations: [
    'ROLE_ADD_LOCATION',
    'ROLE_UPDATE_LOCATION',
    'ROLE_UPDATE_LOCATION_STATUS',
    'ROLE_VIEW_ALL_LOCATION',
    'ROLE_VIEW_READY_FOR_INSTALLATION',
  ],
  Bookings: [
    'ROLE_VIEW_ALL_BOOKINGS',
    'ROLE_VIEW_USER_BOOKINGS',
    'ROLE_VIEW_GROUP_BOOKINGS',
    'ROLE_VIEW_CHARGER_BOOKINGS',
    'ROLE_VIEW_ONGOING_BOOKINGS',
    'ROLE_CANCEL_BOOKING',
    'ROLE_STOP_BOOKING',
    'ROLE_PAUSE_BOOKING',
    'ROLE_RESUME_BOOKING',
    'ROLE_SEND_HELP_MESSAGE',
    'ROLE_LOCK_CUSTOMER_OPERATIONS',
    'ROLE_INSTANT_BOOKING_AND_CHARGING',
    // booking-service `load-balanced-charging (start, end)`: a permission of our own, as no family names one for it.
    'ROLE_LOAD_BALANCED_CHARGING',
    'ROLE_UTILIZATION_CORRECTION',
    'ROLE_INITIATE_OUTBOUND_CALL',
    // Ours: ends a session the charger will not end (no StopTransaction comes), with its last meter value.
    'ROLE_CLOSE_STUCK_SESSION',
  ],
  Orders: ['ROLE_VIEW_ALL_ORDERS', 'ROLE_VIEW_OPEN_ORDERS', 'ROLE_VIEW_MY_ORDERS', 'ROLE_UPDATE_ORDER_STATUS', 'ROLE_UPDATE_ORDER_TAGS'],
  Wallet: [
    'ROLE_GET_WALLET',
    'ROLE_VIEW_WALLET_LEDGER',
    'ROLE_ADD_CREDITS',
    'ROLE_TRANSFER_TO_WALLET',
    'ROLE_TRANSFER_FROM_WALLET',
    'ROLE_VIEW_TOP_UP_REQUEST',
    'ROLE_APPROVE_TOP_UP_REQUEST',
    'ROLE_REJECT_TOP_UP_REQUEST',
    'ROLE_VIEW_CREDIT_REQUEST',
    'ROLE_APPROVE_CREDIT_REQUEST',
    'ROLE_REJECT_CREDIT_REQUEST',
  ],
  Finance: [
    'ROLE_CREATE_SETTLEMENT',
    'ROLE_VIEW_SETTLEMENT',
    'ROLE_UPDATE_SETTLEMENT',
    'ROLE_REJECT_SETTLEMENT',
    'ROLE_NOTIFY_SETTLEMENT',
    'ROLE_MARK_SETTLEMENT_SUCCESS',
    'ROLE_IMMEDIATE_SETTLEMENT',
    'ROLE_VIEW_PAYOUTS',
    'ROLE_CREATE_PAYOUT',
    'ROLE_UPDATE_PAYOUT',
    'ROLE_VIEW_INVOICES',
    // Ours: Issue invoice on a completed booking.
    'ROLE_ISSUE_INVOICE',
    'ROLE_SEND_INVOICE_REMINDER',
    'ROLE_VIEW_POSTPAID_PRICING',
    'ROLE_UPDATE_POSTPAID_PRICING',
    // Ours: Bill period on a postpaid configuration.
    'ROLE_BILL_POSTPAID_PERIOD',
    'ROLE_VIEW_INVESTOR_BUNDLES',
    'ROLE_UPDATE_INVESTOR_BUNDLES',
    'ROLE_VIEW_INVESTMENT_LEAD_BUNDLES',
    'ROLE_UPDATE_INVESTMENT_LEAD_BUNDLES',
    'ROLE_VIEW_BANK_DETAILS',
    'ROLE_UPDATE_BANK_DETAILS',
    'ROLE_MANAGE_CARD_PAYMENT_PROVIDER_ACCOUNT',
  ],
  'Users and groups': [
    'ROLE_VIEW_USERS',
    'ROLE_CREATE_USER',
    'ROLE_BLOCK_USER',
    'ROLE_VIEW_GROUPS',
    'ROLE_CREATE_GROUP',
    'ROLE_APPROVE_PENDING_USER',
    'ROLE_REJECT_PENDING_USER',
    'ROLE_MAKE_GROUP_ADMIN',
    'ROLE_CHANGE_USER_NAME',
    // Ours: the sign-in number is changed by its own action (who may change whom).
    'ROLE_CHANGE_USER_MOBILE_NUMBER',
    'ROLE_ADD_RFID_CARD',
    'ROLE_REMOVE_RFID_CARD',
    'ROLE_VIEW_HOSTS',
    'ROLE_VIEW_HOST_SUPPORT',
    'ROLE_VIEW_APPLIED_REFERRALS',
    'ROLE_UPDATE_HOST',
    'ROLE_UPDATE_HOST_SUPPORT',
    'ROLE_UPDATE_GROUP',
  ],
  Roles: [
    'ROLE_CREATE_ROLE',
    'ROLE_EDIT_ROLE_PERMISSIONS',
    'ROLE_ACTIVATE_INACTIVATE_ROLE',
    'ROLE_VIEW_ROLES',
    'ROLE_VIEW_USER_ROLES',
    'ROLE_ADD_USER_ROLE_MAPPING',
    'ROLE_REMOVE_USER_ROLE_MAPPING',
    'ROLE_BULK_ASSIGN_ROLES',
  ],
  'CZO staff users': ['ROLE_ADD_CZO_USER', 'ROLE_VIEW_ALL_CZO_USERS', 'ROLE_UPDATE_CZO_USER', 'ROLE_ACTIVATE_INACTIVATE_CZO_USER'],
  Hardware: [
    'ROLE_CREATE_HARDWARE',
    'ROLE_UPDATE_HARDWARE',
    'ROLE_VIEW_HARDWARE',
    'ROLE_UPDATE_HARDWARE_OWNERSHIP',
    'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS',
    'ROLE_UPDATE_SIM_CARD',
    'ROLE_VIEW_CONNECTIVITY_DETAILS',
    'ROLE_TEST_DEVICE',
    'ROLE_EXECUTE_COMMAND',
    // Ours: set and clear a charger's or a location's charging profiles (charger maximum, default for sessions) and read a composite schedule.
    'ROLE_MANAGE_CHARGING_PROFILES',
    // Ours: send a charger its local authorization list (the RFID cards it may accept offline) and read its version.
    'ROLE_MANAGE_LOCAL_LIST',
    // Ours: reserve a charger's connector for a card and cancel a reservation by hand (a scheduled booking's are the server's).
    'ROLE_RESERVE_CONNECTOR',
    // Ours: ask chargers for their diagnostics file (GetDiagnostics) to an upload location of our own: not a command's right.
    'ROLE_REQUEST_DIAGNOSTICS',
    // Ours: send a charger a vendor's own message (DataTransfer), whatever its extension does with it: not a reset's right.
    'ROLE_DATA_TRANSFER',
    'ROLE_VIEW_TELEMETRY',
    'ROLE_VIEW_TRANSACTION',
    'ROLE_VIEW_AUTHORIZE_REQUEST',
    // Ours: upload firmware images and update one charger's firmware or many (UpdateFirmware): not a command's right.
    'ROLE_UPDATE_FIRMWARE',
    // Ours: create, start, pause, resume and cancel a firmware campaign (an image rolled out to many chargers in waves).
    'ROLE_RUN_FIRMWARE_CAMPAIGN',
    // Ours: see the firmware campaigns, their waves and chargers.
    'ROLE_VIEW_FIRMWARE_CAMPAIGNS',
  ],
  Zones: ['ROLE_SAVE_ZONE', 'ROLE_VIEW_ZONES', 'ROLE_VIEW_ZONE_MAP', 'ROLE_ACTIVATE_INACTIVATE_ZONE', 'ROLE_ASSIGN_ZONE_OWNER'],
  'Global data': [
    'ROLE_VIEW_SOCKET_TYPE',
    'ROLE_UPDATE_SOCKET_TYPE',
    'ROLE_VIEW_CITY',
    'ROLE_UPDATE_CITY',
    'ROLE_VIEW_FEATURED_IN',
    'ROLE_UPDATE_FEATURED_IN',
    'ROLE_VIEW_JOB',
    'ROLE_UPDATE_JOB',
    'ROLE_VIEW_KNOWLEDGE_HUB',
    'ROLE_UPDATE_KNOWLEDGE_HUB',
    'ROLE_VIEW_PRODUCTS',
    'ROLE_UPDATE_PRODUCTS',
    'ROLE_VIEW_VENDOR',
    'ROLE_ADD_VENDOR',
    'ROLE_UPDATE_VENDOR',
    'ROLE_VIEW_WAREHOUSE',
    'ROLE_ADD_WAREHOUSE',
    'ROLE_UPDATE_WAREHOUSE',
    'ROLE_VIEW_VEHICLE',
    'ROLE_UPDATE_VEHICLE',
    'ROLE_VIEW_WHITE_LABEL',
    'ROLE_UPDATE_WHITE_LABEL',
    'ROLE_VIEW_TEMPLATES',
    'ROLE_UPDATE_TEMPLATES',
    'ROLE_VIEW_AUDIT_CONFIG',
    'ROLE_UPDATE_AUDIT_CONFIG',
    'ROLE_VIEW_DOWNLOAD_CONFIG',
    'ROLE_UPDATE_DOWNLOAD_CONFIG',
    // Ours: see, cancel and retry other staff's downloads (the requester needs none).
    'ROLE_MANAGE_DOWNLOADS',
    'ROLE_VIEW_ERROR_CODES',
    'ROLE_UPDATE_ERROR_CODES',
    'ROLE_VIEW_OUTBOUND_CALL_LOGS',
    'ROLE_VIEW_SMS_LOGS',
    'ROLE_VIEW_WHATSAPP_LOGS',
    'ROLE_VIEW_ADS',
    'ROLE_UPDATE_ADS',
  ],
  Leads: [
    'ROLE_VIEW_LEADS',
    'ROLE_VIEW_UTILIZATION_LEADS',
    'ROLE_ADD_UTILIZATION_LEAD',
    'ROLE_VIEW_MY_OUTBOUND_LEADS',
    'ROLE_UPDATE_LEAD_LEVEL',
    'ROLE_VIEW_CPO_LEADS',
    'ROLE_UPDATE_CPO_LEAD_STATUS',
    'ROLE_VIEW_SUSTAIN_CAPITAL_LEADS',
    'ROLE_UPDATE_SUSTAIN_CAPITAL_LEADS',
    'ROLE_VIEW_CPO_ACCESS_REQUEST',
    // Ours (beside viewing CPO access requests): approve or reject one, like pending users.
    'ROLE_APPROVE_CPO_ACCESS_REQUEST',
    'ROLE_REJECT_CPO_ACCESS_REQUEST',
  ],
  'Sustain capital': [
    'ROLE_VIEW_INVESTMENT_OPPORTUNITY',
    'ROLE_CREATE_INVESTMENT_OPPORTUNITY',
    'ROLE_UPDATE_INVESTMENT_OPPORTUNITY',
    'ROLE_VIEW_LOCATION_BANK',
    'ROLE_UPDATE_LOCATION_BANK',
    'ROLE_VIEW_SUSTAIN_CAPITAL_INSIGHTS',
  ],
  'Charge point operators': ['ROLE_VIEW_CPO', 'ROLE_CREATE_CPO', 'ROLE_UPDATE_CPO'],
  Others: [
    'ROLE_VIEW_PROMO_CODES',
    'ROLE_CREATE_PROMO_CODE',
    'ROLE_UPDATE_PROMO_CODE',
    'ROLE_VIEW_REFERRAL_CODES',
    'ROLE_CREATE_REFERRAL_CODE',
    'ROLE_UNBLOCK_MOBILE_NUMBER',
    'ROLE_SKIP_TURN_OFF',
    'ROLE_MIGRATION',
    'ROLE_REFRESH_CACHE',
    'ROLE_SERVER_ONLY',
    'ROLE_CLIENT_TOKEN_GENERATION',
  ],
} as const;

/** One permission string of the catalogue. */
export type Permission = (typeof permissionFamilies)[keyof typeof permissionFamilies][number];

/** Every permission of the catalogue, in family order, without duplicates. */
export const allPermissions: readonly Permission[] = [...new Set(Object.values(permissionFamilies).flat())] as Permission[];

const permissionSet: ReadonlySet<string> = new Set(allPermissions);

/** Zod schema of a catalogue permission (unknown strings are refused). */
export const permissionSchema = z.string().refine((p): p is Permission => permissionSet.has(p), {
  message: 'Unknown permission',
}) as unknown as z.ZodType<Permission>;

/** True when the string names a permission of the catalogue. */
export function isPermission(p: string): p is Permission {
  return permissionSet.has(p);
}

/** The family a permission belongs to (for grouped pickers). */
export function familyOf(p: Permission): keyof typeof permissionFamilies {
  for (const [family, perms] of Object.entries(permissionFamilies)) {
    if ((perms as readonly string[]).includes(p)) return family as keyof typeof permissionFamilies;
  }
  throw new Error(`Permission ${p} has no family`);
}

/** True when the granted list holds the required permission; `undefined` (none needed) is always allowed. */
export function hasPermission(granted: readonly string[] | ReadonlySet<string>, required: Permission | undefined): boolean {
  if (!required) return true;
  return granted instanceof Set ? granted.has(required) : (granted as readonly string[]).includes(required);
}
