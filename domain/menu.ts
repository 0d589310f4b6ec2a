import { hasPermission, type Permission } from './permissions';

/** A menu entry: a link to a route, shown only when the user holds its permission (none: always). */
export interface MenuEntry {
  kind: 'entry';
  /** Stable id, used for pins and breadcrumbs. */
  id: string;
  title: string;
  path: string;
  permission?: Permission;
  /** Extra words the palette matches (e.g. "stations" for chargers). */
  keywords?: readonly string[];
}

/** A group of entries or sub-groups; hidden when nothing in it is visible. */
export interface MenuGroup {
  kind: 'group';
  id: string;
  title: string;
  children: readonly MenuNode[];
}

export type MenuNode = MenuEntry | MenuGroup;

const e = (id: string, title: string, path: string, permission?: Permission, keywords?: readonly string[]): MenuEntry => ({
  kind: 'entry',
  id,
  title,
  path,
  ...(permission ? { permission } : {}),
  ...(keywords ? { keywords } : {}),
});
const g = (id: string, title: string, children: readonly MenuNode[]): MenuGroup => ({ kind: 'group', id, title, children });

const TM = '/ticket-management';
const CM = '/charger-management';
const GD = '/global-data-management';

/** The side menu, in the order staff know it, with the permission of each entry. */
export const menuTree: readonly MenuGroup[] = [
  g('progress-tracker', 'Progress Tracker', [
    e('progress-tracker.daily', 'Daily Tracker', '/progress-tracker/daily-tracker', 'ROLE_VIEW_DAILY_TRACKER'),
    e('progress-tracker.monthly', 'Monthly Tracker', '/progress-tracker/monthly-tracker', 'ROLE_VIEW_MONTHLY_TRACKER'),
  ]),
  g('lead-management', 'Lead Management', [
    e('lead-management.inbound', 'Inbound Leads', '/lead-management/inbound-leads', 'ROLE_VIEW_LEADS'),
    e('lead-management.utilization', 'Utilization Leads', '/lead-management/utilization-leads', 'ROLE_VIEW_UTILIZATION_LEADS'),
    e('lead-management.my', 'My Leads', '/lead-management/utilization-leads/my', 'ROLE_VIEW_MY_OUTBOUND_LEADS'),
  ]),
  g('hardware-management', 'Hardware Management', [
    e('hardware-management.inventory', 'Hardware Inventory', `${CM}/hardware-inventory`, 'ROLE_VIEW_HARDWARE', ['devices', 'stock']),
    e('hardware-management.summary', 'Summary', `${CM}/warehouse-summary`, 'ROLE_VIEW_HARDWARE', ['warehouse']),
    e('hardware-management.transactions', 'Transactions', `${CM}/transaction`, 'ROLE_VIEW_TRANSACTION', ['sessions', 'meter']),
  ]),
  g('charger-management', 'Charger Management', [
    e('charger-management.active', 'Active Stations', `${CM}/active-chargers`, 'ROLE_SEARCH_CHARGER', ['chargers', 'online']),
    e('charger-management.all', 'All Stations', `${CM}/all-chargers`, 'ROLE_SEARCH_CHARGER', ['chargers']),
    e('charger-management.locations', 'All Location', `${CM}/all-location`, 'ROLE_VIEW_ALL_LOCATION', ['sites', 'address']),
    e('charger-management.third-party', 'Third Party Chargers', `${CM}/other-network-chargers`, 'ROLE_GET_THIRD_PARTY_CHARGER', [
      'other network',
    ]),
    e('charger-management.firmware', 'Firmware', `${CM}/firmware`, 'ROLE_UPDATE_FIRMWARE', ['firmware', 'image', 'upload', 'update']),
    e('charger-management.firmware-campaigns', 'Firmware Campaigns', `${CM}/firmware-campaigns`, 'ROLE_VIEW_FIRMWARE_CAMPAIGNS', ['firmware', 'roll-out', 'waves', 'update']),
  ]),
  g('rfid-management', 'RFID Management', [
    e('rfid-management.cards', 'RFID Cards', '/rfid-management/rfid-cards', 'ROLE_VIEW_USERS', ['add card', 'remove card']),
    e('rfid-management.history', 'RFID History', '/rfid-management/rfid-history', undefined, ['cards']),
    e('rfid-management.authorize', 'Authorize History', '/rfid-management/authorize-history', 'ROLE_VIEW_AUTHORIZE_REQUEST'),
  ]),
  g('ticket-management', 'Ticket Management', [
    e('ticket-management.my-all', 'My All Tickets', `${TM}/all-tickets`),
    e('ticket-management.my-open', 'My Open Tickets', `${TM}/open-tickets`),
    e('ticket-management.today', "Today's Tickets", `${TM}/today-tickets`),
    g('ticket-management.site-inspection', 'Site Inspection', [
      e('ticket-management.site-inspection.all', 'All', `${TM}/site-inspection-tickets`, 'ROLE_VIEW_ALL_SITE_INSPECTION_TICKETS'),
      e('ticket-management.site-inspection.open', 'Open', `${TM}/site-inspection-tickets/open`, 'ROLE_VIEW_OPEN_SITE_INSPECTION_TICKETS'),
    ]),
    g('ticket-management.charger-approval', 'Charger Approval', [
      e('ticket-management.charger-approval.all', 'All', `${TM}/charger-approval-tickets`, 'ROLE_VIEW_CHARGER_APPROVAL_TICKETS'),
      e('ticket-management.charger-approval.open', 'Open', `${TM}/charger-approval-tickets/open`, 'ROLE_VIEW_CHARGER_APPROVAL_TICKETS'),
    ]),
    g('ticket-management.hardware-service', 'Hardware Service', [
      e(
        'ticket-management.hardware-service.all',
        'All',
        `${CM}/servicing-required/hardware-management/all-tickets`,
        'ROLE_VIEW_ALL_HARDWARE_SERVICING_TICKETS',
      ),
      e(
        'ticket-management.hardware-service.open',
        'Open',
        `${CM}/servicing-required/hardware-management/open-tickets`,
        'ROLE_VIEW_OPEN_HARDWARE_SERVICING_TICKETS',
      ),
    ]),
    g('ticket-management.charger-servicing', 'Charger Servicing', [
      e('ticket-management.charger-servicing.all', 'All', `${CM}/servicing-required`, 'ROLE_VIEW_ALL_CHARGER_SERVICING_TICKETS'),
      e('ticket-management.charger-servicing.open', 'Open', `${CM}/servicing-required/open`, 'ROLE_VIEW_OPEN_CHARGER_SERVICING_TICKETS'),
      e('ticket-management.charger-servicing.map', 'Map View', `${CM}/servicing-required/map-view`, 'ROLE_VIEW_CHARGER_SERVICING_MAP'),
    ]),
    g('ticket-management.customer-support', 'Customer Support', [
      e('ticket-management.customer-support.all', 'All', `${TM}/customer-support-tickets/all-tickets`, 'ROLE_VIEW_CUSTOMER_SUPPORT_TICKETS'),
      e('ticket-management.customer-support.open', 'Open', `${TM}/customer-support-tickets/open-tickets`, 'ROLE_VIEW_CUSTOMER_SUPPORT_TICKETS'),
    ]),
    g('ticket-management.demo', 'Demo', [
      e('ticket-management.demo.all', 'All', `${TM}/demo-tickets`, 'ROLE_VIEW_DEMO_TICKETS'),
      e('ticket-management.demo.open', 'Open', `${TM}/demo-tickets/open`, 'ROLE_VIEW_DEMO_TICKETS'),
    ]),
    g('ticket-management.bundle', 'Bundle Management', [
      e('ticket-management.bundle.all', 'All', `${TM}/bundle-management-tickets`, 'ROLE_VIEW_BUNDLE_TICKETS'),
      e('ticket-management.bundle.open', 'Open', `${TM}/bundle-management-tickets/open`, 'ROLE_VIEW_BUNDLE_TICKETS'),
    ]),
    g('ticket-management.booking-utilization', 'Booking Utilization Anomalies', [
      e('ticket-management.booking-utilization.all', 'All', `${TM}/booking-utilization-tickets`, 'ROLE_VIEW_BOOKING_ANOMALY_TICKETS'),
      e('ticket-management.booking-utilization.open', 'Open', `${TM}/booking-utilization-tickets/open`, 'ROLE_VIEW_BOOKING_ANOMALY_TICKETS'),
    ]),
    g('ticket-management.delivery', 'Delivery Ticket', [
      e('ticket-management.delivery.in-transit', 'In Transit', `${TM}/delivery-tickets/in-transit-tickets`, 'ROLE_VIEW_DELIVERY_TICKETS'),
      e('ticket-management.delivery.all', 'All', `${TM}/delivery-tickets/all-tickets`, 'ROLE_VIEW_DELIVERY_TICKETS'),
    ]),
  ]),
  g('booking-management', 'Booking Management', [
    e('booking-management.ongoing', 'Ongoing Bookings', '/booking-management/all-bookings', 'ROLE_VIEW_ONGOING_BOOKINGS', ['live', 'charging']),
    e('booking-management.all', 'All Bookings', '/booking-management/all-bookings/bookings', 'ROLE_VIEW_ALL_BOOKINGS', ['sessions']),
    e('booking-management.promo-codes', 'Promotional Codes', '/booking-management/promo-codes', 'ROLE_VIEW_PROMO_CODES', ['coupons', 'discount']),
  ]),
  g('order-management', 'Order Management', [
    e('order-management.my', 'My Orders', '/order-management/my-orders', 'ROLE_VIEW_MY_ORDERS'),
    e('order-management.open', 'Open Orders', '/order-management/open-orders', 'ROLE_VIEW_OPEN_ORDERS'),
    e('order-management.all', 'All Orders', '/order-management/all-orders', 'ROLE_VIEW_ALL_ORDERS'),
  ]),
  g('installation-management', 'Installation Management', [
    e('installation-management.ready', 'Ready for installation', '/installation-management/ready-for-install', 'ROLE_VIEW_READY_FOR_INSTALLATION'),
    e('installation-management.all', 'All installations', '/installation-management/all-installation', 'ROLE_VIEW_ALL_INSTALLATIONS'),
  ]),
  g('finance-management', 'Finance Management', [
    e('finance-management.settlement', 'Settlement', '/finance-management/settlement-history', 'ROLE_VIEW_SETTLEMENT', ['refund', 'payment']),
    e('finance-management.payouts', 'Payouts', '/finance-management/payouts', 'ROLE_VIEW_PAYOUTS', ['transfer']),
    e(
      'finance-management.investment-lead-bundles',
      'Investment Lead Bundles',
      '/finance-management/investment-lead-bundles',
      'ROLE_VIEW_INVESTMENT_LEAD_BUNDLES',
    ),
    e('finance-management.invoices', 'All Invoices', '/finance-management/invoice', 'ROLE_VIEW_INVOICES', ['gst', 'bill']),
    e(
      'finance-management.postpaid',
      'Post Paid Billing Configuration',
      '/finance-management/postpaid-billing',
      'ROLE_VIEW_POSTPAID_PRICING',
    ),
    e('finance-management.investor-bundle', 'Investor Bundle', '/finance-management/investor-bundle', 'ROLE_VIEW_INVESTOR_BUNDLES'),
  ]),
  g('zone-management', 'Zone Management', [
    e('zone-management.operational', 'Operational Zone', '/zone-management/operational-zone', 'ROLE_VIEW_ZONES'),
    e('zone-management.risk', 'Risk Zone', '/zone-management/risk-zone', 'ROLE_VIEW_ZONES'),
  ]),
  g('user-management', 'User Management', [
    e('user-management.users', 'All Users', '/user-management', 'ROLE_VIEW_USERS', ['customers', 'drivers']),
    e('user-management.hosts', 'All Host', '/user-management/hosts', 'ROLE_VIEW_HOSTS', ['owners']),
    e('user-management.groups', 'User Groups', '/user-management/groups', 'ROLE_VIEW_GROUPS'),
    e('user-management.bank-details', 'Host Bank Details', '/user-management/bank-details', 'ROLE_VIEW_BANK_DETAILS'),
    e('user-management.referrals', 'Applied Referral Link', '/user-management/applied-referrals', 'ROLE_VIEW_APPLIED_REFERRALS'),
    e('user-management.unblock', 'Unblock User', '/user-management/unblock-user', 'ROLE_UNBLOCK_MOBILE_NUMBER'),
  ]),
  g('sustain-capital-management', 'Sustain Capital Management', [
    e(
      'sustain-capital-management.opportunity',
      'Opportunity',
      '/sustain-capital-management/exclusive-prime-deals',
      'ROLE_VIEW_INVESTMENT_OPPORTUNITY',
      ['investment'],
    ),
    e(
      'sustain-capital-management.leads',
      'Opportunity Leads',
      '/sustain-capital-management/opportunity-leads',
      'ROLE_VIEW_SUSTAIN_CAPITAL_LEADS',
    ),
  ]),
  g('role-management', 'Role Management', [
    e('role-management.czo-access', 'CZO Access', '/user-management/czo-access', 'ROLE_VIEW_ALL_CZO_USERS', ['staff']),
    e('role-management.all-roles', 'All Roles', '/czo-management/all-roles', 'ROLE_VIEW_ROLES', ['permissions']),
    e('role-management.user-roles', 'User Roles', '/czo-management/user-roles', 'ROLE_VIEW_USER_ROLES'),
  ]),
  g('charge-point-operator-management', 'ChargePoint Management', [
    e('cpo.operators', 'Charge Point Operators', '/charge-point-operator-management/all-operator', 'ROLE_VIEW_CPO', ['cpo']),
    e('cpo.white-label', 'White Label Management', '/charge-point-operator-management/white-label', 'ROLE_VIEW_WHITE_LABEL'),
    e(
      'cpo.access-request',
      'CPO Access Request',
      '/charge-point-operator-management/cpo-access-request',
      'ROLE_VIEW_CPO_ACCESS_REQUEST',
    ),
    e('cpo.leads', 'CPO Leads', '/charge-point-operator-management/cpo-leads', 'ROLE_VIEW_CPO_LEADS'),
    e('cpo.location-bank', 'Location Bank', '/sustain-capital-management/location-banks', 'ROLE_VIEW_LOCATION_BANK'),
  ]),
  g('wallet-management', 'Wallet Management', [
    e('wallet-management.top-up', 'Top up Request', '/wallet-management/top-up-request', 'ROLE_VIEW_TOP_UP_REQUEST'),
    e('wallet-management.credit-requests', 'Credit Requests', '/wallet-management/credit-requests', 'ROLE_VIEW_CREDIT_REQUEST'),
    e('wallet-management.add-credits', 'Add Credits To Wallet', '/wallet-management/add-credits-to-wallet', 'ROLE_ADD_CREDITS'),
  ]),
  g('global-data-management', 'Global Data Management', [
    e('global-data.notification-templates', 'Notification Templates', `${GD}/notification-templates`, 'ROLE_VIEW_TEMPLATES'),
    e('global-data.audit-configuration', 'Audit Configuration', `${GD}/audit-configuration`, 'ROLE_VIEW_AUDIT_CONFIG'),
    e('global-data.socket-types', 'All Socket Types', `${GD}/socket-types`, 'ROLE_VIEW_SOCKET_TYPE', ['connectors', 'plugs']),
    e('global-data.city', 'All City', `${GD}/city`, 'ROLE_VIEW_CITY'),
    e('global-data.news', 'All News', `${GD}/news`, 'ROLE_VIEW_FEATURED_IN', ['featured in', 'press']),
    e('global-data.career', 'All Careers', `${GD}/career`, 'ROLE_VIEW_JOB', ['jobs']),
    e('global-data.knowledge-hub', 'Knowledge Hub', `${GD}/knowledge-hub`, 'ROLE_VIEW_KNOWLEDGE_HUB'),
    e('global-data.product', 'Product Management', `${GD}/product`, 'ROLE_VIEW_PRODUCTS'),
    e('global-data.vendor', 'Vendor Management', `${GD}/vendor-management`, 'ROLE_VIEW_VENDOR', ['suppliers']),
    e('global-data.warehouse', 'Warehouse Management', `${GD}/warehouse-management`, 'ROLE_VIEW_WAREHOUSE'),
    e('global-data.error-codes', 'Error Codes To Be Ignored', `${GD}/error-code-managment`, 'ROLE_VIEW_ERROR_CODES'),
    e('global-data.outbound-call-logs', 'Outbound Call Logs', `${GD}/outbond-call-logs`, 'ROLE_VIEW_OUTBOUND_CALL_LOGS'),
    e('global-data.sms-logs', 'SMS Notification Logs', `${GD}/sms-notification-logs`, 'ROLE_VIEW_SMS_LOGS'),
    e('global-data.whatsapp-logs', 'WhatsApp Notification Logs', `${GD}/whatsapp-notification-logs`, 'ROLE_VIEW_WHATSAPP_LOGS'),
    e('global-data.vehicles', 'Vehicle Management', `${GD}/vehicle-management`, 'ROLE_VIEW_VEHICLE', ['ev', 'cars']),
  ]),
  g('downloads-management', 'Download Management', [
    e('downloads-management.all', 'All Downloads', '/downloads-management/all-downloads', undefined, ['exports', 'reports']),
    e('downloads-management.my', 'My Downloads', '/downloads-management/my-downloads', undefined, ['exports']),
    e('downloads-management.configuration', 'Download Configuration', '/downloads-management/download-configuration', 'ROLE_VIEW_DOWNLOAD_CONFIG'),
  ]),
  g('app-management', 'App Management', [
    e('app-management.ads', 'Ads Management', '/app-management/ads-management', 'ROLE_VIEW_ADS', ['advertisements', 'banners']),
  ]),
];

/** The menu as the given permissions see it: entries they may not open removed, empty groups hidden. */
export function visibleMenu(granted: readonly string[] | ReadonlySet<string>, tree: readonly MenuNode[] = menuTree): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of tree) {
    if (node.kind === 'entry') {
      if (hasPermission(granted, node.permission)) out.push(node);
    } else {
      const children = visibleMenu(granted, node.children);
      if (children.length > 0) out.push({ ...node, children });
    }
  }
  return out;
}

/** A flattened entry with the titles of the groups above it (for breadcrumbs and the palette). */
export interface FlatMenuEntry extends MenuEntry {
  trail: readonly string[];
}

/** Every entry of a tree with its group trail, depth first in menu order. */
export function flattenMenu(tree: readonly MenuNode[] = menuTree, trail: readonly string[] = []): FlatMenuEntry[] {
  return tree.flatMap((node) =>
    node.kind === 'entry' ? [{ ...node, trail }] : flattenMenu(node.children, [...trail, node.title]),
  );
}

/** The first entry whose path equals the given path, if any. */
export function findMenuEntryByPath(path: string, tree: readonly MenuNode[] = menuTree): FlatMenuEntry | undefined {
  return flattenMenu(tree).find((entry) => entry.path === path);
}

/**
 * True when the permissions open at least one entry that needs a permission. Entries that need none are shown to
 * everyone, so "no permitted entries" (the no-permission message) means: none of the gated ones.
 */
export function hasPermittedEntries(granted: readonly string[] | ReadonlySet<string>, tree: readonly MenuNode[] = menuTree): boolean {
  return flattenMenu(visibleMenu(granted, tree)).some((entry) => entry.permission !== undefined);
}
