// The one rule for starting a charging session for a customer, whichever way it starts: an RFID card at the charger
// (OCPP Authorize and StartTransaction), staff starting it for the customer (instant booking and charging, a
// RemoteStartTransaction sent with the customer's card), or the charger starting one on its own. The customer's
// account must be active, their operations not locked by staff, and a prepaid wallet must hold at least the minimum
// (SESSION_START_MIN_WALLET_PAISE, default ₹50): the session is paid from it when it ends, and a wallet that cannot
// pay for a few kWh would be driven into debt. A postpaid wallet is billed with its period and may go below zero
// (wallets_credits_check), so it is not held to the minimum. A customer without a wallet holds ₹0.
//
// Staff test charges (server/ocpp/ocpp-routes.ts, test tags) are not a customer's session: they charge nothing and are
// not held to this rule.
import { sql } from 'drizzle-orm';
import { envSchema } from '@server/config';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';

/** SESSION_START_MIN_WALLET_PAISE's default: the minimum wherever no configuration is given (the central system in tests). */
export const DEFAULT_SESSION_START_MIN_WALLET_PAISE: number = envSchema.shape.SESSION_START_MIN_WALLET_PAISE.parse(undefined);

/** Why a session cannot start for the customer, in words for staff and for Authorize History. */
export interface SessionStartRefusal {
  reason: 'unknown' | 'inactive' | 'locked' | 'credit';
  /** A sentence for staff (and the Authorize History row). */
  message: string;
  /** A short label of the field's error. */
  label: string;
}

const paiseFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupeeFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Paise as rupees, with the paise when there are any (₹49.99 must not read as ₹50 next to a ₹50 minimum). */
function rupees(paise: number): string {
  return (paise % 100 === 0 ? rupeeFormat : paiseFormat).format(paise / 100);
}

/**
 * The rule: null when a session may start for the customer, else why not. `minWalletPaise` is the configured
 * minimum (AppConfig.sessionStart.minWalletPaise).
 */
export async function sessionStartRefusal(db: Database, userId: string, minWalletPaise: number): Promise<SessionStartRefusal | null> {
  const [customer] = rowsOf<{ is_active: boolean; operations_locked: boolean; credits: string | number | null; postpaid: boolean | null }>(
    await db.execute(sql`select u.is_active, u.operations_locked, w.credits, w.postpaid from users u left join wallets w on w.user_id = u.id where u.id = ${userId}`),
  );
  if (!customer) return { reason: 'unknown', message: 'No customer has this id.', label: 'No such user' };
  if (!customer.is_active) return { reason: 'inactive', message: 'This customer’s account is inactive: a session cannot be started for them.', label: 'Inactive account' };
  if (customer.operations_locked) return { reason: 'locked', message: 'This customer’s operations are locked: unlock them before starting a session.', label: 'Customer operations locked' };
  const credits = Number(customer.credits ?? 0);
  if (!customer.postpaid && credits < minWalletPaise) {
    return {
      reason: 'credit',
      message: `Not enough credits: the customer’s wallet holds ${rupees(credits)} and a session needs at least ${rupees(minWalletPaise)}.`,
      label: 'Not enough credits',
    };
  }
  return null;
}
