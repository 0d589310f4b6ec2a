// Server-side effects of workflow events: work an accepted event does besides moving the record (rows of other
// tables, outbox messages), run by the transition (transition-record.ts) inside the transaction that moves the record
// and writes its audit row, so all of it commits together or not at all. Machines stay pure; each feature declares
// the effects of its workflows in its server module (`effects`), and server/server-module.ts gathers them.
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';

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
export type WorkflowEffects = Readonly<Record<string, WorkflowEffect>>;
