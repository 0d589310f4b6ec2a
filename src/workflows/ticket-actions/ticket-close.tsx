import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ticketCloseReasons } from '@domain/resources/tickets/shared';
import { ticketResource } from '@domain/resources/tickets/ticket';
import type { Resource } from '@domain/resource/define-resource';
import { ownResourceOf, resources } from '@domain/resource/registry';
import { ticketActionAnchor, ticketActionsFor } from '@domain/ticket-actions';
import { closeEventSchema } from '@machines/ticket-close.events';
import { workflowOf } from '@machines/workflow-registry';
import { snapshotOf } from '@machines/workflow-snapshot';
import { apiRequest } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import type { ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { pushToast } from '@state/toasts';
import { ActionDialog, ActionForm, useActionForm } from '@resources/action-form';
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

/** A close's reason: one of the close reasons. */
function CloseReasonSelect({ value, onChange, invalid, autoFocus = false }: { value: string; onChange(value: string): void; invalid: boolean; autoFocus?: boolean }) {
  return (
    <label className="ui-field">
      <span className="ui-field__label">Close reason</span>
      <select className="ui-field__input" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} autoFocus={autoFocus}>
        <option value="">Choose…</option>
        {ticketCloseReasons.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A close's optional note. */
function CloseNoteField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <label className="ui-field">
      <span className="ui-field__label">Note (optional)</span>
      <textarea className="ui-field__input" value={value} maxLength={500} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** A close's reason (one of the close reasons) and optional note: one ticket's Close… and the bulk bar's Close…. */
export function CloseReasonFields({ closeReason, onCloseReason, note, onNote, invalid, autoFocus = false }: CloseReasonFieldsProps) {
  return (
    <>
      <CloseReasonSelect value={closeReason} onChange={onCloseReason} invalid={invalid} autoFocus={autoFocus} />
      <CloseNoteField value={note} onChange={onNote} />
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
  const [open, setOpen] = useState(false);
  const kind = ownResourceOf(resource, record);
  if (!ticketActionsFor(user.permissions, closeAccepted(kind, record)).some((a) => a.id === 'close')) return null;
  return (
    <span id={ticketActionAnchor('close')}>
      <GatedAction permission="ROLE_CLOSE_TICKET">
        <Button size="sm" variant="danger" aria-keyshortcuts="C" onPress={() => setOpen(true)}>
          Close…
        </Button>
        {open ? <TicketCloseDialog kind={kind} record={record} onClose={() => setOpen(false)} /> : null}
      </GatedAction>
    </span>
  );
}

/** The close's dialog: the reason and note, checked with the CLOSE event's schema, sent as the kind's transition. */
function TicketCloseDialog({ kind, record, onClose }: { kind: Resource; record: ApiRecord; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { ownWrite } = useRecordEditing();
  const form = useActionForm({
    fields: [
      { path: 'closeReason', input: ({ value, onChange, error }) => <CloseReasonSelect value={String(value ?? '')} onChange={onChange} invalid={Boolean(error)} /> },
      { path: 'note', input: ({ value, onChange }) => <CloseNoteField value={String(value ?? '')} onChange={onChange} /> },
    ],
    initial: { closeReason: '', note: '' },
    bodyOf: (values) => {
      const note = String(values.note ?? '').trim();
      return { type: 'CLOSE', closeReason: values.closeReason, ...(note ? { note } : {}) };
    },
    schema: closeEventSchema,
    refusedMessage: (values) => (values.closeReason ? 'Some fields need attention.' : CHOOSE_CLOSE_REASON),
  });
  const close = async () => {
    const checked = form.check();
    if (!checked) return;
    const sent = await form.run(() =>
      ownWrite(async () => {
        await apiRequest(`${kind.apiPath}/${encodeURIComponent(String(record.id))}/transition`, { method: 'POST', body: { ...checked.body, version: record.version } });
        await refreshTickets(queryClient);
      }),
    );
    if (!sent) return;
    pushToast('Ticket closed', 'success');
    onClose();
  };
  return (
    <ActionDialog title="Close this ticket?" onClose={onClose} busy={form.busy}>
      <ActionForm
        form={form}
        intro={<p className="ui-dialog__body">The ticket is closed for good with the reason you choose; it leaves the open lists.</p>}
        submitLabel="Close ticket"
        variant="danger"
        onSubmit={() => void close()}
        onCancel={onClose}
      />
    </ActionDialog>
  );
}
