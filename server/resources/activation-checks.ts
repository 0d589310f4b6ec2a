// Checks a resource runs before it is activated or inactivated, inside the transaction that flips its active
// field: throw an HttpProblem (409 saying what is still open) to refuse, and nothing is written.
import type { Database } from '@server/db/database';
import { assertNothingUnbilled } from '@server/invoices/postpaid-billing';

/** A check: `active` is the value asked for; it runs only when that changes the record. */
export type ActivationCheck = (tx: Database, id: string | number, active: boolean, now: Date) => Promise<void>;

/** Checks by resource name. */
export const activationChecks: Readonly<Record<string, ActivationCheck>> = {
  // A postpaid configuration with unbilled bookings stays active until they are billed (Bill period refuses an inactive one).
  'postpaid-configurations': async (tx, id, active, now) => {
    if (!active) await assertNothingUnbilled(tx, Number(id), now);
  },
};
