import { useState } from 'react';
import { ticketPriorities, ticketTags } from '@domain/resources/tickets/shared';
import { humanise } from '@domain/resource/field';
import { bulkTagModes, ticketActions, ticketBulkPath, type BulkTagMode, type TicketAction } from '@domain/ticket-actions';
import { sendBulkTicketAction } from '@data/resource-api';
import { DateField } from '@ui/date-field';
import { BulkDialog, Problem } from '@resources/bulk-bar';
import type { BulkAction, BulkActionProps } from '@resources/resource-extension';
import { StaffPicker, type StaffChoice } from './staff-picker';
import { CHOOSE_CLOSE_REASON, CloseReasonFields } from './ticket-close';

/** One common ticket action on the selection: its dialog asks the value once for every ticket. */
function TicketBulkAction({ action, resource, what, target, send: sendChange }: BulkActionProps & { action: TicketAction }) {
  const send = (verb: string, value: Record<string, unknown>) => sendChange(verb, () => sendBulkTicketAction(ticketBulkPath(action), resource, target, value));
  const [assignee, setAssignee] = useState<StaffChoice>({ id: null, label: '' });
  const [priority, setPriority] = useState<string>('HIGH');
  const [dueDate, setDueDate] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [mode, setMode] = useState<BulkTagMode>('add');
  const [closeReason, setCloseReason] = useState('');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string>();
  const refuse = (why: string): never => {
    setMessage(why);
    throw new Error(why);
  };
  const each = `Each ${resource.title.toLowerCase()} is changed at its current version and its history records it; one that is refused is named with why.`;
  switch (action.id) {
    case 'assign':
      return (
        <BulkDialog label="Assign…" title={`Assign ${what}`} confirmLabel="Assign" focusField onConfirm={() => (assignee.id ? send('assigned', { assignee: assignee.id }) : refuse('Choose a staff member'))}>
          {/* The staff list opens on typing (or Arrow Down), not on the focus the dialog gives it: open at once, it covered the dialog's Assign and Cancel buttons. */}
          <StaffPicker label="Assign to" value={assignee} onChange={setAssignee} description="An active staff member" autoFocus menuTrigger="input" />
          <p className="ui-field__description">{each}</p>
          <Problem message={message} />
        </BulkDialog>
      );
    case 'priority':
      return (
        <BulkDialog label="Priority…" title={`Set the priority of ${what}`} confirmLabel="Set priority" focusField onConfirm={() => send('given that priority', { priority })}>
          <label className="ui-field">
            <span className="ui-field__label">Priority</span>
            <select className="ui-field__input" value={priority} onChange={(e) => setPriority(e.target.value)} autoFocus>
              {ticketPriorities.map((p) => (
                <option key={p} value={p}>
                  {humanise(p)}
                </option>
              ))}
            </select>
          </label>
          <p className="ui-field__description">{each}</p>
        </BulkDialog>
      );
    case 'dueDate':
      return (
        <BulkDialog label="Due date…" title={`Set the due date of ${what}`} confirmLabel="Set due date" onConfirm={() => send('given that due date', { dueDate: dueDate === '' ? null : dueDate })}>
          <DateField label="Due date" value={dueDate} onChange={setDueDate} description="Leave empty to clear it. A ticket created after it is refused." />
          <p className="ui-field__description">{each}</p>
        </BulkDialog>
      );
    case 'tags':
      return (
        <BulkDialog label="Tags…" title={`Change the tags of ${what}`} confirmLabel="Change tags" onConfirm={() => send('tagged', { tags: ticketTags.filter((t) => tags.includes(t)), mode })}>
          <fieldset className="ticket-actions__tags">
            <legend className="ui-field__label">How</legend>
            {bulkTagModes.map((m) => (
              <label key={m} className="ticket-actions__tag">
                <input type="radio" name="bulk-tag-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                {m === 'add' ? 'Add these tags' : m === 'remove' ? 'Remove these tags' : 'Replace the tags with these'}
              </label>
            ))}
          </fieldset>
          <fieldset className="ticket-actions__tags">
            <legend className="ui-field__label">Tags</legend>
            {ticketTags.map((tag) => (
              <label key={tag} className="ticket-actions__tag">
                <input type="checkbox" checked={tags.includes(tag)} onChange={(e) => setTags((prev) => (e.target.checked ? [...prev, tag] : prev.filter((t) => t !== tag)))} />
                {humanise(tag)}
              </label>
            ))}
          </fieldset>
          <p className="ui-field__description">{each}</p>
        </BulkDialog>
      );
    case 'close':
      return (
        <BulkDialog
          label="Close…"
          title={`Close ${what}?`}
          confirmLabel="Close tickets"
          danger
          focusField
          onConfirm={() => (closeReason ? send('closed', { closeReason, ...(note.trim() ? { note: note.trim() } : {}) }) : refuse(CHOOSE_CLOSE_REASON))}
        >
          <p>Each ticket is closed for good through its own workflow, with the reason you choose; one whose state does not allow it is refused.</p>
          <CloseReasonFields closeReason={closeReason} onCloseReason={setCloseReason} note={note} onNote={setNote} invalid={message === CHOOSE_CLOSE_REASON} autoFocus />
          <Problem message={message} />
        </BulkDialog>
      );
  }
}

/** The common ticket actions on a ticket list's selection, Close included, each behind the permission it needs. */
export const ticketBulkActions: readonly BulkAction[] = ticketActions.map((action) => ({
  id: action.id,
  permission: action.permission,
  component: function TicketBulkActionOf(props: BulkActionProps) {
    return <TicketBulkAction action={action} {...props} />;
  },
}));
