// Sending one event to one record, the one way every transition happens (the transition routes, bulk or single, and
// the ticket bulk close): the event's permission, the record's visibility, the machine's answer, the version check,
// then the move itself (moveRecord: the update, its audit row and the workflow's effects in one transaction). A
// service of its own, so another feature calls it without reaching into the workflow routes.
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { hasPermission } from '@domain/permissions';
import { resourceByName } from '@domain/resource/registry';
import type { Resource } from '@domain/resource/define-resource';
import type { RecordWorkflow } from '@machines/record-workflow';
import { refusedEventText, workflowEventTitle } from '@machines/workflow-labels';
import { acceptedEvents, snapshotOf } from '@machines/workflow-snapshot';
import type { ResolvedDeps } from '@server/app-deps';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';
import { claimKey, saveAnswer, storedAnswer, type IdempotentRequest, type StoredAnswer } from '@server/http/idempotency';
import { forbiddenProblem, validationProblem, type HttpProblem } from '@server/http/problem';
import { findRecord, tableOf } from '@server/resources/resource-query';
import { loadVisibleRecord } from '@server/resources/visible-record';
import type { WorkflowEffects } from './workflow-effects';
import { moveRecord } from './move-record';
import { transitionConflict as conflict } from './workflow-state';

/** What a transition needs besides the request: the database, the clock, and every workflow's effects. */
export interface TransitionDeps extends Pick<ResolvedDeps, 'db' | 'now'> {
  /** Effects by workflow resource name, gathered from the server modules (server/server-module.ts). */
  effects: WorkflowEffects;
}

/** Thrown out of a refusal when an identical keyed request committed meanwhile: answer as it did. */
class ReplayedAnswer extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('replayed');
  }
}

/** True when the record exists and its owner field names the user. */
async function isOwner(db: Database, resource: Resource, field: string, rawId: string, userId: string): Promise<boolean> {
  if (resource.idType === 'bigint' && !/^\d{1,15}$/.test(rawId)) return false;
  const table = tableOf(resource);
  const rows = await db
    .select({ id: table[resource.idField] as AnyPgColumn })
    .from(table)
    .where(and(eq(table[resource.idField] as AnyPgColumn, resource.idType === 'bigint' ? Number(rawId) : rawId), eq(table[field] as AnyPgColumn, userId)))
    .limit(1);
  return rows.length > 0;
}

/** What a transition answered: the record after it (or, for a repeated keyed request, the first answer). */
export interface TransitionOutcome {
  replayed: boolean;
  answer: StoredAnswer;
}

/** A bulk event in words, as its run is kept: the event's title and the choices sent with it ("Close (Close reason: Source)"). */
export function eventInWords(workflow: RecordWorkflow, resource: Resource, event: Record<string, unknown> & { type: string }): string {
  const choices = Object.entries(event).flatMap(([name, value]) => {
    const def = name === 'type' ? undefined : (workflow.eventFields?.[name] ?? resource.allFields[name]);
    if (!def?.options || typeof value !== 'string') return [];
    return [`${def.label}: ${def.options.find((o) => o.value === value)?.label ?? value}`];
  });
  const title = workflowEventTitle(resource, event.type);
  return choices.length > 0 ? `${title} (${choices.join(', ')})` : title;
}

/** Options of transitionRecord. */
export interface TransitionOptions {
  /** The version the caller saw (409 when stale); default the record's current version (bulk: act on what is there). */
  version?: number;
  /** The request's Idempotency-Key, if any: a repeat answers as the first did. Default none. */
  idempotency?: IdempotentRequest | null;
}

/**
 * Sends one event to one record, the one way every transition happens (the single route and the bulk routes): the
 * event's permission (or the owner), the record's visibility, the machine's answer (409 with its reason, the current
 * state and the accepted events when refused), the version check, then the move (moveRecord: the update, version + 1,
 * the audit row and the workflow's side effects) in one transaction with the Idempotency-Key's answer.
 */
export async function transitionRecord(
  deps: TransitionDeps,
  session: AuthenticatedSession,
  workflow: RecordWorkflow,
  rawId: string,
  machineEvent: Record<string, unknown> & { type: string },
  options: TransitionOptions = {},
): Promise<TransitionOutcome> {
  const resource = resourceByName(workflow.resource);
  const permission = workflow.permissions[machineEvent.type];
  if (!permission) throw validationProblem([{ path: 'type', message: `A ${resource.title.toLowerCase()} has no event ${machineEvent.type}` }]);
  // The owner (a download's requester) needs no permission, so the record is read first for them.
  if (!hasPermission(session.permissions, permission) && !(workflow.ownerField && (await isOwner(deps.db, resource, workflow.ownerField, rawId, session.userId)))) {
    throw forbiddenProblem(`You do not have the permission this needs (${permission}).`);
  }
  // Idempotency-Key: a repeat of a transition that already happened replays its answer (server/http/idempotency.ts).
  const idempotency = options.idempotency ?? null;
  if (idempotency) {
    const done = await storedAnswer(deps.db, idempotency);
    if (done) return { replayed: true, answer: done };
  }
  const now = deps.now();
  const before = await loadVisibleRecord(deps.db, resource, session, rawId, now);
  const refuse = async (problem: HttpProblem): Promise<never> => {
    // An identical request with the same key may have committed since the first look: answer as it did.
    const done = idempotency ? await storedAnswer(deps.db, idempotency) : null;
    if (done) throw new ReplayedAnswer(done);
    throw problem;
  };
  const id = before[resource.idField] as string | number;
  const from = String(before[workflow.stateField]);
  const snapshot = snapshotOf(workflow, before);
  const version = options.version ?? (before.version as number);
  try {
    if (!snapshot.can(machineEvent as never)) {
      const why = workflow.refusal?.(machineEvent.type, before, machineEvent);
      await refuse(conflict(why ?? refusedEventText(workflow, resource, from, machineEvent.type), from, acceptedEvents(workflow, before), before.version));
    }
    if (version !== before.version) {
      await refuse(conflict(`This ${resource.title.toLowerCase()} was changed by someone else (version ${String(before.version)}, you sent ${version}). Reload it and try again.`, from, acceptedEvents(workflow, before), before.version));
    }
  } catch (error) {
    if (error instanceof ReplayedAnswer) return { replayed: true, answer: error.answer };
    throw error;
  }
  const reason = workflow.reasonOf?.(machineEvent) ?? (typeof machineEvent.reason === 'string' ? machineEvent.reason : undefined);
  const effect = deps.effects[workflow.resource];
  return deps.db.transaction(async (tx): Promise<TransitionOutcome> => {
    if (idempotency) {
      const stored = await claimKey(tx, idempotency, now);
      if (stored) return { replayed: true, answer: stored };
    }
    const outcome = await moveRecord(
      tx,
      {
        workflow,
        id,
        event: machineEvent,
        actor: session.userId,
        reason: reason ?? null,
        before,
        inTransaction: true,
        patch: (record) => workflow.patchOf?.(machineEvent, record) ?? {},
        auditChanges: (patch, record) =>
          Object.keys(patch).length === 0 ? null : workflow.auditBeforeAfter ? Object.fromEntries(Object.entries(patch).map(([field, value]) => [field, { from: record[field] ?? null, to: value }])) : patch,
        effect: effect ? (effectTx, moved) => effect(effectTx, { event: machineEvent, before, to: moved.to, session, now }) : undefined,
      },
      now,
    );
    if (!outcome.moved) {
      throw conflict(`This ${resource.title.toLowerCase()} was changed by someone else just now. Reload it and try again.`, from, [], undefined);
    }
    const answer = { status: 200, body: await findRecord(tx, resource, id) };
    if (idempotency) await saveAnswer(tx, idempotency, answer);
    return { replayed: false, answer };
  });
}
