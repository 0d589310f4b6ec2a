import { optionsOf } from '@domain/resource/field';

/** Reports the download service can export (one download configuration each). */
export const reportTypeOptions = optionsOf([
  'BOOKINGS',
  'CHARGERS',
  'USERS',
  'WALLET_LEDGER',
  'SETTLEMENTS',
  'PAYOUTS',
  'INVOICES',
  'TICKETS',
  'LEADS',
  'OUTBOUND_CALLS',
]);

export const DM = '/downloads-management';
