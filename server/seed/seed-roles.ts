import { eq, sql } from 'drizzle-orm';
import { allPermissions, permissionFamilies, type Permission } from '@domain/permissions';
import { roles } from '@server/db/schema';
import type { DemoRoleName } from './demo-staff';
import type { SeedStep } from './seed-context';
import { seedId } from './seed-id';

const family = (...names: (keyof typeof permissionFamilies)[]): Permission[] => names.flatMap((n) => [...permissionFamilies[n]]);
const isViewOnly = (p: Permission) => /^ROLE_(VIEW|SEARCH|GET)_/.test(p);

/**
 * The view permissions Read Only does not get: money (settlements, payouts, invoices, bank details, wallets), staff
 * access (roles, role mappings, the staff list) and a charger's raw OCPP messages. Seeing a list is also exporting
 * it, so these lists are left out altogether (docs/roles.md says why).
 */
export const hiddenFromReadOnly: ReadonlySet<Permission> = new Set<Permission>([
  ...family('Finance', 'Wallet', 'Roles', 'CZO staff users'),
  'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS',
]);

/** The seeded roles with their permissions, chosen from the catalogue. */
export const demoRoles: readonly { name: DemoRoleName; description: string; permissions: readonly Permission[] }[] = [
  { name: 'Super Admin', description: 'Every permission of the console.', permissions: allPermissions },
  {
    name: 'Operations',
    description: 'Runs the network: chargers, locations, tickets, installations, hardware, zones and bookings.',
    permissions: [
      ...family(
        'Progress tracker',
        'Charger installation ticket',
        'Site inspection',
        'Charger approval ticket',
        'Servicing tickets',
        'Other tickets',
        'Ticket actions',
        'Chargers',
        'Locations',
        'Hardware',
        'Zones',
        'Orders',
      ),
      'ROLE_VIEW_ALL_BOOKINGS',
      'ROLE_VIEW_ONGOING_BOOKINGS',
      'ROLE_VIEW_CHARGER_BOOKINGS',
      'ROLE_STOP_BOOKING',
      'ROLE_CLOSE_STUCK_SESSION',
      'ROLE_LOAD_BALANCED_CHARGING',
      'ROLE_VIEW_LEADS',
      'ROLE_VIEW_UTILIZATION_LEADS',
      'ROLE_VIEW_SOCKET_TYPE',
      'ROLE_VIEW_CITY',
      'ROLE_VIEW_VENDOR',
      'ROLE_VIEW_WAREHOUSE',
      'ROLE_VIEW_VEHICLE',
      'ROLE_VIEW_CPO',
      // Hosts' requests are often about their chargers: Operations works them too.
      'ROLE_VIEW_HOSTS',
      'ROLE_VIEW_HOST_SUPPORT',
      'ROLE_UPDATE_HOST_SUPPORT',
    ],
  },
  {
    name: 'Field Technician',
    description: 'Installs and services chargers on site.',
    permissions: [
      'ROLE_VIEW_CHARGER_INSTALLATION_TICKETS',
      'ROLE_VIEW_CHARGER_INSTALLATION_FORM',
      'ROLE_FILL_CHARGER_INSTALLATION_FORM',
      'ROLE_SEND_CHARGER_INSTALLATION_FOR_APPROVAL',
      'ROLE_VIEW_READY_FOR_INSTALLATION',
      'ROLE_ADD_SITE_INSPECTION_DATA',
      'ROLE_ADD_SITE_INSPECTION_IMAGE',
      'ROLE_REMOVE_SITE_INSPECTION_IMAGE',
      'ROLE_SEND_SITE_INSPECTION_FOR_APPROVAL',
      'ROLE_VIEW_OPEN_SITE_INSPECTION_TICKETS',
      'ROLE_VIEW_OPEN_CHARGER_SERVICING_TICKETS',
      'ROLE_VIEW_CHARGER_SERVICING_MAP',
      'ROLE_COMPLETE_CHARGER_SERVICING_TICKET',
      'ROLE_SET_CHARGER_SERVICING_AVAILABLE_DATE',
      'ROLE_VIEW_OPEN_HARDWARE_SERVICING_TICKETS',
      'ROLE_COMPLETE_HARDWARE_SERVICING_TICKET',
      'ROLE_VIEW_DELIVERY_TICKETS',
      'ROLE_UPDATE_DELIVERY_TICKET',
      'ROLE_COMMENT_ON_TICKET',
      'ROLE_SEARCH_CHARGER',
      'ROLE_VIEW_ALL_LOCATION',
      'ROLE_VIEW_HARDWARE',
      'ROLE_TEST_DEVICE',
      'ROLE_VIEW_TELEMETRY',
      'ROLE_VIEW_CONNECTIVITY_DETAILS',
      'ROLE_UPDATE_QR_CODE',
    ],
  },
  {
    name: 'Finance',
    description: 'Settlements, payouts, invoices, wallets and billing.',
    permissions: [
      ...family('Finance', 'Wallet'),
      'ROLE_VIEW_ALL_BOOKINGS',
      'ROLE_VIEW_USER_BOOKINGS',
      'ROLE_VIEW_ALL_ORDERS',
      'ROLE_VIEW_DAILY_TRACKER',
      'ROLE_VIEW_MONTHLY_TRACKER',
      'ROLE_VIEW_INVESTMENT_OPPORTUNITY',
      'ROLE_VIEW_CPO',
      'ROLE_VIEW_USERS',
      'ROLE_VIEW_HOSTS',
    ],
  },
  {
    name: 'Customer Support',
    description: 'Helps drivers and hosts: bookings, tickets, users and wallets.',
    permissions: [
      'ROLE_ADD_CUSTOMER_SUPPORT_TICKET',
      'ROLE_VIEW_CUSTOMER_SUPPORT_TICKETS',
      'ROLE_UPDATE_CUSTOMER_SUPPORT_TICKET',
      'ROLE_VIEW_BOOKING_ANOMALY_TICKETS',
      'ROLE_COMMENT_ON_TICKET',
      'ROLE_VIEW_ALL_BOOKINGS',
      'ROLE_VIEW_USER_BOOKINGS',
      'ROLE_VIEW_ONGOING_BOOKINGS',
      // Cancels a booking not started yet; stopping a live session (the charger cuts the power) is Operations'.
      'ROLE_CANCEL_BOOKING',
      'ROLE_SEND_HELP_MESSAGE',
      'ROLE_INITIATE_OUTBOUND_CALL',
      'ROLE_VIEW_USERS',
      // Answers "where is my referral reward?": the users holding a code (User Management → Referral Codes).
      'ROLE_VIEW_REFERRAL_CODES',
      'ROLE_VIEW_HOSTS',
      'ROLE_VIEW_HOST_SUPPORT',
      // Works hosts' support requests along their machine (start, resolve, reopen, close).
      'ROLE_UPDATE_HOST_SUPPORT',
      'ROLE_CHANGE_USER_NAME',
      'ROLE_APPROVE_PENDING_USER',
      'ROLE_REJECT_PENDING_USER',
      'ROLE_CHANGE_USER_MOBILE_NUMBER',
      'ROLE_UNBLOCK_MOBILE_NUMBER',
      'ROLE_GET_WALLET',
      'ROLE_VIEW_WALLET_LEDGER',
      'ROLE_VIEW_TOP_UP_REQUEST',
      'ROLE_SEARCH_CHARGER',
      'ROLE_VIEW_ALL_LOCATION',
      'ROLE_VIEW_AUTHORIZE_REQUEST',
      'ROLE_VIEW_SMS_LOGS',
      'ROLE_VIEW_OUTBOUND_CALL_LOGS',
    ],
  },
  {
    name: 'Read Only',
    description: 'Sees the network, its tickets, bookings and people, changes nothing; no money, staff access or raw charger messages.',
    permissions: allPermissions.filter((p) => isViewOnly(p) && !hiddenFromReadOnly.has(p)),
  },
];

/** Seeds the roles with their permissions; a re-run adds permissions new to the catalogue and keeps the rest. */
export const seedRoles: SeedStep = {
  name: 'roles',
  async run({ tx, now }) {
    for (const role of demoRoles) {
      const permissions = [...new Set(role.permissions)];
      await tx
        .insert(roles)
        .values({ id: seedId('role', role.name), name: role.name, description: role.description, permissions, createdAt: now, updatedAt: now })
        .onConflictDoNothing();
      // A role of that name may already exist with another id (made in the console): grant to that one.
      const [existing] = await tx.select({ id: roles.id, permissions: roles.permissions }).from(roles).where(eq(roles.name, role.name));
      if (!existing) throw new Error(`Role ${role.name} could not be seeded`);
      const missing = permissions.filter((p) => !existing.permissions.includes(p));
      if (missing.length > 0) {
        await tx
          .update(roles)
          .set({ permissions: sql`${roles.permissions} || ${sql.param(missing)}::text[]` })
          .where(eq(roles.id, existing.id));
      }
    }
    return demoRoles.length;
  },
};
