// Server-side effects of workflow events: work an accepted event does besides moving the record (rows of other
// tables, outbox messages), run by the transition route inside the transaction that moves the record and writes
// its audit row, so all of it commits together or not at all. Machines stay pure; effects live here.
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';
import { bookingEffects } from '@server/bookings/booking-effects';
import { downloadEffects } from '@server/downloads/download-effects';
import { payoutEffects } from '@server/settlements/payout-effects';
import { settlementEffects } from '@server/settlements/settlement-effects';
import { creditRequestEffects } from '@server/wallets/credit-request-effects';
import { topUpRequestEffects } from '@server/wallets/top-up-effects';

/** What an effect is given: the event as sent (without version), the record before, the state it moves to. */
export interface WorkflowEffectInput {
  event: Readonly<Record<string, unknown>> & { type: string };
  before: Readonly<Record<string, unknown>>;
  /** The state the record moves to. */
  to: string;
  session: AuthenticatedSession;
  now: Date;
}

/** An effect: runs inside the transition's transaction (throw an HttpProblem to refuse and roll everything back). */
export type WorkflowEffect = (tx: Database, input: WorkflowEffectInput) => Promise<void>;

/** Effects by workflow resource name. */
export const workflowEffects: Readonly<Record<string, WorkflowEffect>> = {
  settlements: settlementEffects,
  payouts: payoutEffects,
  downloads: downloadEffects,
  'top-up-requests': topUpRequestEffects,
  'credit-requests': creditRequestEffects,
  bookings: bookingEffects,
};
