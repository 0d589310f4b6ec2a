import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ticketCloseReasons, ticketResource } from '@domain/entities/tickets';
import type { Resource } from '@domain/resource/define-resource';
import { ownResourceOf, resources } from '@domain/resource/registry';
import { ticketActionAnchor, ticketActionsFor } from '@domain/ticket-actions';
import { workflowOf } from '@machines/workflow-registry';
import { snapshotOf } from '@machines/workflow-snapshot';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import type { ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { pushToast } from '@state/toasts';
import { GatedAction } from '@resources/gated-action';
import { useRecordEditing } from '@resources/record-editing';

/** The message of a close without a reason. */
export const CHOOSE_CLOSE_REASON = 'Choose a close reason';

/** Props of CloseReasonFields. */
export interface CloseReasonFieldsProps {
  closeReason: string;
  onCloseReason(value: string): void;
  note: string;
  onNote(value: string): void;
  /** The reason is missing (after a try). */
  invalid: boolean;
  autoFocus?: boolean;
}

/** A close's reason (one of the close reasons) and optional note: one ticket's Close… and the bulk bar's Close…. */
export function CloseReasonFields({ closeReason, onCloseReason, note, onNote, invalid, autoFocus = false }: CloseReasonFieldsProps) {
  return (
    <>
      <label className="ui-field">
        <span className="ui-field__label">Close reason</span>
        <select className="ui-field__input" value={closeReason} onChange={(e) => onCloseReason(e.target.value)} aria-invalid={invalid} autoFocus={autoFocus}>
          <option value="">Choose…</option>
          {ticketCloseReasons.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <label className="ui-field">
        <span className="ui-field__label">Note (optional)</span>
        <textarea className="ui-field__input" value={note} maxLength={500} onChange={(e) => onNote(e.target.value)} />
      </label>
    </>
  );
}

/** True when the kind's workflow accepts CLOSE in the ticket's current state. */
function closeAccepted(kind: Resource, record: ApiRecord): boolean {
  const workflow = workflowOf(kind.name);
  if (!workflow?.eventSchemas.CLOSE) return false;
  return snapshotOf(workflow, record).can({ type: 'CLOSE' });
}

/** Refetches every ticket list and history after a change (My, Open and Today's lists are server scopes of these). */
export async function refreshTickets(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    ...resources.filter((r) => r.table === ticketResource.table).map((r) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(r.name).all })),
    queryClient.invalidateQueries({ queryKey: ['audit'] }),
  ]);
}

/**
 * Close with one of the close reasons: the kind's CLOSE transition, offered where the kind's workflow accepts
 * it and the user may close tickets; it cannot be undone, so it asks first.
 */
export function TicketCloseButton({ resource, record }: { resource: Resource; record: ApiRecord }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { ownWrite } = useRecordEditing();
  const kind = ownResourceOf(resource, record);
  const [closeReason, setCloseReason] = useState('');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string>();
  if (!ticketActionsFor(user.permissions, closeAccepted(kind, record)).some((a) => a.id === 'close')) return null;
  const confirm = async () => {
    if (!closeReason) {
      setMessage(CHOOSE_CLOSE_REASON);
      throw new Error('no close reason');
    }
    try {
      await ownWrite(async () => {
        await apiRequest(`${kind.apiPath}/${encodeURIComponent(String(record.id))}/transition`, {
          method: 'POST',
          body: { type: 'CLOSE', version: record.version, closeReason, ...(note.trim() ? { note: note.trim() } : {}) },
        });
        await refreshTickets(queryClient);
      });
    } catch (error) {
      setMessage(errorMessage(error));
      throw error;
    }
    pushToast('Ticket closed', 'success');
  };
  return (
    <span id={ticketActionAnchor('close')}>
      <GatedAction permission="ROLE_CLOSE_TICKET">
        <ConfirmDialog
          title="Close this ticket?"
          confirmLabel="Close ticket"
          onConfirm={confirm}
          trigger={
            <Button size="sm" variant="danger" aria-keyshortcuts="C">
              Close…
            </Button>
          }
        >
          <p>The ticket is closed for good with the reason you choose; it leaves the open lists.</p>
          <CloseReasonFields closeReason={closeReason} onCloseReason={setCloseReason} note={note} onNote={setNote} invalid={message === CHOOSE_CLOSE_REASON} />
          {message ? (
            <p role="alert" className="resource-form__error">
              {message}
            </p>
          ) : null}
        </ConfirmDialog>
      </GatedAction>
    </span>
  );
}
