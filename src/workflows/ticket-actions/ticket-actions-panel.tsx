import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { closedTicketStatuses, ticketCloseReasons, ticketPriorities, ticketResource, ticketTags } from '@domain/entities/tickets';
import type { Resource } from '@domain/resource/define-resource';
import { humanise } from '@domain/resource/field';
import { ownResourceOf, resources } from '@domain/resource/registry';
import { ticketActionAnchor, ticketActionPath, ticketActionsFor, ticketFieldActions, type TicketAction, type TicketFieldAction } from '@domain/ticket-actions';
import { workflowOf } from '@machines/workflow-registry';
import { ApiError, apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import type { ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { DateField } from '@ui/date-field';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { pushToast } from '@state/toasts';
import { GatedAction } from '@resources/gated-action';
import { CommentsThread } from './comments-thread';
import { StaffPicker, type StaffChoice } from './staff-picker';
import './ticket-actions.css';

/** Props of TicketActionsPanel. */
export interface TicketActionsPanelProps {
  /** The resource the page shows (a ticket kind or the cross-kind tickets). */
  resource: Resource;
  record: ApiRecord;
}

/** True when the kind's workflow accepts CLOSE in the ticket's current state. */
function closeAccepted(kind: Resource, record: ApiRecord): boolean {
  const workflow = workflowOf(kind.name);
  if (!workflow?.eventSchemas.CLOSE) return false;
  const snapshot = workflow.machine.resolveState({ value: String(record[workflow.stateField]), context: workflow.contextOf(record) as never });
  return snapshot.can({ type: 'CLOSE' } as never);
}

const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError && error.problem.errors?.length ? Object.fromEntries(error.problem.errors.map((e) => [e.path, e.message])) : {};

/**
 * The actions common to every ticket kind: assign, priority, due date, tags (each its own versioned route) and
 * Close (the kind's CLOSE workflow event, when its state accepts it), each shown only with its permission, with the
 * permission badge when names are on; then the ticket's comments.
 */
export function TicketActionsPanel({ resource, record }: TicketActionsPanelProps) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  // The cross-kind page's record carries its kind: act through the kind's own resource and workflow.
  const kind = ownResourceOf(resource, record);
  const id = String(record.id);
  const actions = ticketActionsFor(user.permissions, record, closeAccepted(kind, record));
  const allowed = (actionId: TicketAction['id']) => actions.some((a) => a.id === actionId);

  /** Refetches the record and every ticket list (My, Open and Today's lists are server scopes of these). */
  const refresh = async () => {
    await Promise.all([
      ...resources.filter((r) => r.table === ticketResource.table).map((r) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(r.name).all })),
      queryClient.invalidateQueries({ queryKey: ['audit'] }),
    ]);
  };

  // Opened for one action (e.g. from the palette: …#ticket-action-assign): bring it into view, focus its first control.
  useEffect(() => {
    const open = () => {
      const target = window.location.hash.startsWith('#ticket-action-') ? document.getElementById(window.location.hash.slice(1)) : null;
      if (!target) return;
      target.scrollIntoView?.({ block: 'center' });
      target.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, [actions.length]);

  const send = async (action: TicketFieldAction, value: unknown): Promise<void> => {
    await apiRequest(ticketActionPath(id, action), { method: 'POST', body: { [action.field]: value, version: record.version } });
    await refresh();
    pushToast(`${action.label}: saved`, 'success');
  };

  return (
    <section className="detail-section ticket-actions" aria-label="Ticket actions">
      <h2>Ticket actions</h2>
      {actions.length === 0 ? <p className="ui-field__description">You have no permission to change this ticket.</p> : null}
      <div className="ticket-actions__grid">
        {allowed('assign') ? <AssignAction action={action('assign')} record={record} onSend={send} /> : null}
        {allowed('priority') ? <PriorityAction action={action('priority')} record={record} onSend={send} /> : null}
        {allowed('dueDate') ? <DueDateAction action={action('dueDate')} record={record} onSend={send} /> : null}
        {allowed('tags') ? <TagsAction action={action('tags')} record={record} onSend={send} /> : null}
      </div>
      {allowed('close') ? <CloseAction kind={kind} record={record} onDone={refresh} /> : null}
      {closedTicketStatuses.includes(String(record.status)) && record.closeReason ? (
        <p className="ui-field__description">Closed: {ticketCloseReasons.find((r) => r.value === record.closeReason)?.label ?? String(record.closeReason)}</p>
      ) : null}
      <CommentsThread entityType={kind.name} entityId={id} />
    </section>
  );
}

function action(id: TicketFieldAction['id']): TicketFieldAction {
  return ticketFieldActions.find((a) => a.id === id)!;
}

interface ActionProps {
  action: TicketFieldAction;
  record: ApiRecord;
  onSend: (action: TicketFieldAction, value: unknown) => Promise<void>;
}

/** One action's box: its fields, its submit button (with the permission badge) and its message. */
function ActionBox({ action, children, submit, submitLabel, message }: { action: TicketFieldAction; children: ReactNode; submit: () => void; submitLabel: string; message?: string }) {
  return (
    <form
      id={ticketActionAnchor(action.id)}
      className="ticket-actions__box"
      aria-label={action.label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {children}
      <GatedAction permission={action.permission}>
        <Button type="submit" size="sm" aria-keyshortcuts={action.shortcut}>
          {submitLabel}
        </Button>
      </GatedAction>
      {message ? (
        <p role="alert" className="resource-form__error">
          {message}
        </p>
      ) : null}
    </form>
  );
}

/** Runs a send and keeps its error message (field error first). */
function useSender(action: TicketFieldAction, onSend: ActionProps['onSend']) {
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (value: unknown) => {
    setBusy(true);
    setMessage(undefined);
    try {
      await onSend(action, value);
    } catch (error) {
      setMessage(fieldErrors(error)[action.field] ?? errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { message, busy, run: (value: unknown) => void run(value) };
}

function AssignAction({ action, record, onSend }: ActionProps) {
  const { user } = useSession();
  const current: StaffChoice = { id: (record.assignee as string | null) ?? null, label: record._labels?.assignee ?? (record.assignee ? String(record.assignee) : '') };
  const [choice, setChoice] = useState(current);
  const { message, busy, run } = useSender(action, onSend);
  return (
    <ActionBox action={action} submit={() => run(choice.id)} submitLabel={busy ? 'Assigning…' : 'Assign'} message={message}>
      <StaffPicker label="Assign to" value={choice} onChange={setChoice} description="An active staff member" />
      <Button size="sm" variant="ghost" isDisabled={busy || record.assignee === user.userId} onPress={() => run(user.userId)}>
        Assign to me
      </Button>
    </ActionBox>
  );
}

function PriorityAction({ action, record, onSend }: ActionProps) {
  const [priority, setPriority] = useState(String(record.priority ?? 'MEDIUM'));
  const { message, busy, run } = useSender(action, onSend);
  return (
    <ActionBox action={action} submit={() => run(priority)} submitLabel={busy ? 'Saving…' : 'Set priority'} message={message}>
      <label className="ui-field">
        <span className="ui-field__label">Priority</span>
        <select className="ui-field__input" value={priority} onChange={(e) => setPriority(e.target.value)}>
          {ticketPriorities.map((p) => (
            <option key={p} value={p}>
              {humanise(p)}
            </option>
          ))}
        </select>
      </label>
    </ActionBox>
  );
}

function DueDateAction({ action, record, onSend }: ActionProps) {
  const [dueDate, setDueDate] = useState(String(record.dueDate ?? ''));
  const { message, busy, run } = useSender(action, onSend);
  return (
    <ActionBox action={action} submit={() => run(dueDate === '' ? null : dueDate)} submitLabel={busy ? 'Saving…' : 'Set due date'} message={message}>
      <DateField label="Due date" value={dueDate} onChange={setDueDate} description="Leave empty to clear it." />
    </ActionBox>
  );
}

function TagsAction({ action, record, onSend }: ActionProps) {
  const [tags, setTags] = useState<string[]>(() => (Array.isArray(record.tags) ? (record.tags as string[]) : []));
  const { message, busy, run } = useSender(action, onSend);
  return (
    <ActionBox action={action} submit={() => run(ticketTags.filter((t) => tags.includes(t)))} submitLabel={busy ? 'Saving…' : 'Save tags'} message={message}>
      <fieldset className="ticket-actions__tags">
        <legend className="ui-field__label">Tags</legend>
        {ticketTags.map((tag) => (
          <label key={tag} className="ticket-actions__tag">
            <input type="checkbox" checked={tags.includes(tag)} onChange={(e) => setTags((prev) => (e.target.checked ? [...prev, tag] : prev.filter((t) => t !== tag)))} />
            {humanise(tag)}
          </label>
        ))}
      </fieldset>
    </ActionBox>
  );
}

/** Close with one of the spec's close reasons: the kind's CLOSE transition (it cannot be undone, so it asks first). */
function CloseAction({ kind, record, onDone }: { kind: Resource; record: ApiRecord; onDone: () => Promise<void> }) {
  const [closeReason, setCloseReason] = useState('');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string>();
  const confirm = async () => {
    if (!closeReason) {
      setMessage('Choose a close reason');
      throw new Error('no close reason');
    }
    try {
      await apiRequest(`${kind.apiPath}/${encodeURIComponent(String(record.id))}/transition`, {
        method: 'POST',
        body: { type: 'CLOSE', version: record.version, closeReason, ...(note.trim() ? { note: note.trim() } : {}) },
      });
    } catch (error) {
      setMessage(errorMessage(error));
      throw error;
    }
    await onDone();
    pushToast('Ticket closed', 'success');
  };
  return (
    <div id={ticketActionAnchor('close')} className="ticket-actions__close">
      <GatedAction permission="ROLE_CLOSE_TICKET">
        <ConfirmDialog
          title="Close this ticket?"
          confirmLabel="Close ticket"
          onConfirm={confirm}
          trigger={
            <Button variant="danger" aria-keyshortcuts="C">
              Close…
            </Button>
          }
        >
          <p>The ticket is closed for good with the reason you choose; it leaves the open lists.</p>
          <label className="ui-field">
            <span className="ui-field__label">Close reason</span>
            <select className="ui-field__input" value={closeReason} onChange={(e) => setCloseReason(e.target.value)} aria-invalid={message === 'Choose a close reason'}>
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
            <textarea className="ui-field__input" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </label>
          {message ? (
            <p role="alert" className="resource-form__error">
              {message}
            </p>
          ) : null}
        </ConfirmDialog>
      </GatedAction>
    </div>
  );
}
