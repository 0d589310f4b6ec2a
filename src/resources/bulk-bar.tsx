import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { bulkResultsHref } from '@domain/bulk-runs';
import type { Resource } from '@domain/resource/define-resource';
import { humanise } from '@domain/resource/field';
import { errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { sendBulkTransition, setRecordsActive, type BulkRequestTarget, type BulkResult } from '@data/resource-api';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { pushToast } from '@state/toasts';
import type { BulkEvent, BulkOffer } from './bulk-offer';

/** What the bulk bar acts on: the rows ticked, or every record matching the list's query. */
export type BulkTarget = { kind: 'ids'; ids: readonly string[] } | { kind: 'matching'; count: number; match: Record<string, string | string[]> };

/** Props of BulkBar. */
export interface BulkBarProps {
  resource: Resource;
  target: BulkTarget;
  /** What this list offers the user on a selection (bulkOfferFor). */
  offer: BulkOffer;
  /** Rows on this page, all ticked, and more records match: offer to take every matching record. */
  offerAllMatching?: { count: number; onSelect: () => void };
  onClear: () => void;
}

/** How long a toast with refusals stays (the reader follows its link to them). */
const BULK_TOAST_MS = 12_000;

const plural = (resource: Resource, n: number) => `${n.toLocaleString('en-IN')} ${(n === 1 ? resource.title : resource.plural).toLowerCase()}`;

/** Says what a bulk change did, in one toast: changed, already so, and the first refusals with why. */
export function bulkSummary(resource: Resource, verb: string, result: BulkResult): string {
  const parts = [`${plural(resource, result.changed)} ${verb}`];
  if (result.unchanged > 0) parts.push(`${result.unchanged.toLocaleString('en-IN')} already ${verb}`);
  if (result.refused.length > 0) {
    const first = result.refused.slice(0, 2).map((r) => `${r.id}: ${r.reason}`);
    parts.push(`${result.refused.length.toLocaleString('en-IN')} refused (${first.join('; ')}${result.refused.length > 2 ? '; …' : ''})`);
  }
  return `${parts.join(', ')}.`;
}

/** A field's words in a dialog, and its problem when the user confirms without it. */
export function Problem({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="resource-form__error">
      {message}
    </p>
  ) : null;
}

/** Props of one bulk action's dialog: its button, its title, what it does in words, its form, and the sending. */
export interface BulkDialogProps {
  label: string;
  title: string;
  confirmLabel: string;
  /** Sends the request; throws (after saying why) to keep the dialog open. */
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
  danger?: boolean;
  /** The form's first field takes the focus (it has autoFocus); default false (Cancel does). */
  focusField?: boolean;
}

/** One bulk action's button and its dialog, which says what the action changes before it is sent. */
export function BulkDialog({ label, title, confirmLabel, onConfirm, children, danger = false, focusField = false }: BulkDialogProps) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      confirmVariant={danger ? 'danger' : 'primary'}
      autoFocusCancel={!focusField}
      onConfirm={onConfirm}
      trigger={
        <Button variant="secondary" size="sm">
          {label}
        </Button>
      }
    >
      {children}
    </ConfirmDialog>
  );
}

/**
 * The bar of a list's selection: how many are selected, "Select all N matching", the bulk actions this user may take
 * here (those its features declare, such as a ticket list's assign, priority, tags, due date and close; activate and
 * inactivate; on workflow lists the events that need no payload or only choices), each behind a dialog that says how
 * many records it changes, and Clear (Esc in the table does the same). The toast says what changed and what was
 * refused, and why, and leads to the run's results page ("See all results"), where every record's result is kept.
 */
export function BulkBar({ resource, target, offer, offerAllMatching, onClear }: BulkBarProps) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const count = target.kind === 'ids' ? target.ids.length : target.count;
  const what = target.kind === 'ids' ? plural(resource, count) : `all ${plural(resource, count)} matching this list`;
  const request: BulkRequestTarget = target.kind === 'ids' ? { ids: [...target.ids] } : { match: target.match };
  const send = async (verb: string, call: () => Promise<BulkResult>) => {
    try {
      const result = await call();
      // Every record's result is kept: the toast leads to them, and stays longer when there are refusals to read.
      pushToast(bulkSummary(resource, verb, result), result.refused.length > 0 ? 'error' : 'success', {
        action: { label: 'See all results', run: () => navigate(bulkResultsHref(result.runId)) },
        ...(result.refused.length > 0 ? { durationMs: BULK_TOAST_MS } : {}),
      });
      onClear();
    } catch (error) {
      pushToast(errorMessage(error), 'error');
      throw error;
    } finally {
      // A record shown in other lists too (a ticket in its kind's and the cross-kind ones): all of them read again.
      const touched = new Set([resource, ...offer.sameRecords]);
      for (const r of touched) void queryClient.invalidateQueries({ queryKey: queryKeys.resource(r.name).all });
    }
  };
  return (
    <div className="bulk-bar" role="region" aria-label="Selection">
      <span className="bulk-bar__count" aria-live="polite">
        {target.kind === 'ids' ? `${count.toLocaleString('en-IN')} selected` : `All ${count.toLocaleString('en-IN')} matching selected`}
      </span>
      {offerAllMatching ? (
        <Button variant="secondary" size="sm" onPress={offerAllMatching.onSelect}>
          Select all {offerAllMatching.count.toLocaleString('en-IN')} matching
        </Button>
      ) : null}
      {offer.actions.map((action) => (
        <action.component key={action.id} resource={resource} what={what} target={request} send={send} />
      ))}
      {offer.events.map((event) => (
        <EventBulkAction key={event.type} event={event} what={what} confirms={offer.workflow?.confirms?.[event.type]} send={(verb, body) => send(verb, () => sendBulkTransition(resource, request, body as { type: string }))} />
      ))}
      {offer.activate ? (
        <>
          <BulkDialog label="Activate" title={`Activate ${what}?`} confirmLabel="Activate" onConfirm={() => send('activated', () => setRecordsActive(resource, request, true))}>
            Each one is activated and its history records it. Those already active stay as they are.
          </BulkDialog>
          <BulkDialog label="Inactivate" title={`Inactivate ${what}?`} confirmLabel="Inactivate" danger onConfirm={() => send('inactivated', () => setRecordsActive(resource, request, false))}>
            Each one is inactivated and its history records it; they can be activated again later.
          </BulkDialog>
        </>
      ) : null}
      <Button variant="ghost" size="sm" onPress={onClear}>
        Clear selection
      </Button>
    </div>
  );
}

type Send = (verb: string, value: Record<string, unknown>) => Promise<void>;

/** One workflow event on the selection: its choices asked once; each record goes through its own machine. */
function EventBulkAction({ event, what, confirms, send }: { event: BulkEvent; what: string; confirms?: string; send: Send }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const name = humanise(event.type);
  const confirm = () => {
    const missing = event.fields.find((f) => f.required && !values[f.name]);
    if (missing) {
      setMessage(`Choose ${missing.def.label.toLowerCase()}`);
      throw new Error('missing choice');
    }
    const payload = Object.fromEntries(event.fields.filter((f) => values[f.name]).map((f) => [f.name, values[f.name]]));
    return send(`given ${name}`, { type: event.type, ...payload });
  };
  return (
    <BulkDialog label={`${name}…`} title={`${name}: ${what}?`} confirmLabel={name} danger={event.type === 'REJECT' || event.type === 'CANCEL'} onConfirm={async () => confirm()}>
      <p>Each record goes through its own workflow; one whose state does not accept {name} is refused with why, and the others are not held back.</p>
      {event.fields.map((f) => (
        <label key={f.name} className="ui-field">
          <span className="ui-field__label">
            {f.def.label}
            {f.required ? '' : ' (optional)'}
          </span>
          <select className="ui-field__input" value={values[f.name] ?? ''} onChange={(e) => setValues((prev) => ({ ...prev, [f.name]: e.target.value }))}>
            <option value="">Choose…</option>
            {(f.def.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {confirms ? <p className="workflow-dialog__confirm">{confirms}</p> : null}
      <Problem message={message} />
    </BulkDialog>
  );
}
