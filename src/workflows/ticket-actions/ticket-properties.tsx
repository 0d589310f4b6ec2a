import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { ticketPriorities, ticketTags } from '@domain/resources/tickets/shared';
import type { Resource } from '@domain/resource/define-resource';
import { humanise } from '@domain/resource/field';
import { hasPermission } from '@domain/permissions';
import { ticketActionAnchor, ticketActionPath, ticketActions, ticketFieldActions, type TicketAction, type TicketFieldAction } from '@domain/ticket-actions';
import { ApiError, apiRequest, errorMessage } from '@data/api-client';
import type { ApiRecord } from '@data/resource-api';
import { isTypingTarget, pageShortcutKey, type ShortcutInfo } from '@commands/shortcuts';
import { useRegisterShortcuts } from '@app/keyboard/page-shortcuts';
import { useSession } from '@app/session/session-context';
import { keyboardState } from '@state/keyboard-state';
import { Button } from '@ui/button';
import { DateField } from '@ui/date-field';
import { pushToast } from '@state/toasts';
import { formatFieldText } from '@resources/cell-value';
import { useRecordEditing, useUnsavedEdit } from '@resources/record-editing';
import { StaffPicker } from './staff-picker';
import { refreshTickets } from './ticket-close';
import './ticket-actions.css';

/** How long a saved change can be undone from its toast. */
export const UNDO_MS = 5_000;

/** The ticket fields edited in place, each through its own action route. */
export const ticketPropertyFields: readonly string[] = ticketFieldActions.map((a) => a.field);

interface Scope {
  resource: Resource;
  record: ApiRecord;
  editing: string | null;
  setEditing(field: string | null): void;
  /** Saves a value through the field's route with the version on screen; offers Undo for 5 s. */
  save(action: TicketFieldAction, value: unknown): Promise<void>;
}

const ScopeContext = createContext<Scope | null>(null);

const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError && error.problem.errors?.length ? Object.fromEntries(error.problem.errors.map((e) => [e.path, e.message])) : {};

/** The message of a refused save: the field's own error first. */
const saveMessage = (action: TicketFieldAction, error: unknown): string => fieldErrors(error)[action.field] ?? errorMessage(error);

/** The value a field holds, as its route takes it back. */
const valueOf = (record: ApiRecord, action: TicketFieldAction): unknown => (action.field === 'tags' ? (Array.isArray(record.tags) ? record.tags : []) : (record[action.field] ?? null));

/**
 * The ticket's properties edited in place (one editor open at a time): each change is saved on its own through its
 * action route with the version on screen, then a toast offers Undo for 5 s, which puts the previous value back
 * through the same route with the new version. An open editor is an unsaved edit of the record page.
 */
export function TicketPropertiesScope({ resource, record, children }: { resource: Resource; record: ApiRecord; children: ReactNode }) {
  const queryClient = useQueryClient();
  const { ownWrite } = useRecordEditing();
  const [editing, setEditing] = useState<string | null>(null);
  useUnsavedEdit('ticket-property', editing !== null);
  const id = String(record.id);

  // Opened for one action (e.g. from the palette: …#ticket-action-assign): open its editor in place.
  useEffect(() => {
    const open = () => {
      const action = ticketFieldActions.find((a) => window.location.hash === `#${ticketActionAnchor(a.id)}`);
      if (action) {
        setEditing(action.field);
        document.getElementById(ticketActionAnchor(action.id))?.scrollIntoView?.({ block: 'center' });
      } else if (window.location.hash === `#${ticketActionAnchor('close')}`) {
        // Close lives in the header's workflow bar: its button takes the focus.
        document.getElementById(ticketActionAnchor('close'))?.querySelector<HTMLElement>('button')?.focus();
      }
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);

  useTicketShortcuts(setEditing);

  const send = (action: TicketFieldAction, value: unknown, version: unknown) =>
    ownWrite(async () => {
      const checked = action.bodySchema.safeParse({ [action.field]: value, version });
      // Bad input never leaves the page: the schema the server checks, first.
      if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Check the value');
      const updated = (await apiRequest(ticketActionPath(id, action), { method: 'POST', body: checked.data })) as ApiRecord;
      await refreshTickets(queryClient);
      return updated;
    });

  const save = async (action: TicketFieldAction, value: unknown) => {
    const previous = valueOf(record, action);
    const label = resource.allFields[action.field]?.label ?? action.label;
    const updated = await send(action, value, record.version);
    pushToast(`${label}: saved`, 'success', {
      durationMs: UNDO_MS,
      action: {
        label: 'Undo',
        run: () => {
          send(action, previous, updated.version).then(
            () => pushToast(`${label}: put back`, 'success'),
            (error: unknown) => pushToast(saveMessage(action, error), 'error'),
          );
        },
      },
    });
  };

  return <ScopeContext.Provider value={{ resource, record, editing, setEditing, save }}>{children}</ScopeContext.Provider>;
}

/** The ticket's letter shortcuts as the help overlay lists them (the same letters its buttons announce). */
const ticketShortcut = (a: TicketAction): ShortcutInfo => ({
  keys: [a.shortcut],
  description: a.kind === 'field' ? `Change ${a.label.toLowerCase()}` : `${a.label} the ticket`,
  singleKey: true,
});
const ticketShortcutKeys = ticketActions.map((a) => a.shortcut);

/**
 * The letters the ticket's property buttons and Close announce (`aria-keyshortcuts`): A, P, D and T open that
 * property's editor, C opens Close's confirmation. Only where the user sees that button (their permission, the
 * workflow's state), only while single-key shortcuts are on, and never while a dialog (the palette, a confirmation)
 * is open or the focus is in a field.
 */
function useTicketShortcuts(setEditing: (field: string) => void): void {
  const { singleKeyShortcuts } = useSnapshot(keyboardState);
  const { user } = useSession();
  // The help lists only the letters of actions the user may take (their buttons are not there otherwise).
  const shortcuts = useMemo(() => ticketActions.filter((a) => hasPermission(user.permissions, a.permission)).map(ticketShortcut), [user.permissions]);
  useRegisterShortcuts('This ticket', shortcuts);
  useEffect(() => {
    if (!singleKeyShortcuts) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const key = pageShortcutKey({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, typing: isTypingTarget(event.target as HTMLElement | null) }, ticketShortcutKeys);
      const action = ticketActions.find((a) => a.shortcut === key);
      // The action's button as shown: absent without the permission or, for Close, where the workflow refuses it.
      const button = action ? document.getElementById(ticketActionAnchor(action.id))?.querySelector<HTMLButtonElement>('button:not(:disabled)') : null;
      if (!action || !button) return;
      event.preventDefault();
      if (action.kind === 'field') {
        setEditing(action.field);
        button.scrollIntoView?.({ block: 'center' });
      } else button.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [singleKeyShortcuts, setEditing]);
}

/** True when the field is one of the ticket's in-place properties. */
export const isTicketProperty = (field: string): boolean => ticketPropertyFields.includes(field);

/** One ticket property row (label and value): a button that opens its editor where the user may change it, else the value. */
export function TicketProperty({ field }: { field: string }) {
  const scope = useContext(ScopeContext)!;
  const { user } = useSession();
  const action = ticketFieldActions.find((a) => a.field === field)!;
  const def = scope.resource.allFields[field]!;
  const may = hasPermission(user.permissions, action.permission);
  const text = formatFieldText(def, scope.record[field], scope.record, field);
  const shown = text === '-' || text === '' ? 'Empty' : text;
  const open = scope.editing === field;
  return (
    <div className="property" id={ticketActionAnchor(action.id)} data-editing={open ? 'true' : undefined}>
      <dt>{def.label}</dt>
      <dd>
        {open ? (
          <Editor action={action} />
        ) : may ? (
          <button
            type="button"
            className={`property__value property__value--editable${shown === 'Empty' ? ' property__value--empty' : ''}`}
            aria-label={`Change ${def.label.toLowerCase()}: ${shown}`}
            aria-keyshortcuts={action.shortcut}
            onClick={() => scope.setEditing(field)}
          >
            {shown}
          </button>
        ) : (
          <span className={`property__value${shown === 'Empty' ? ' property__value--empty' : ''}`}>{shown}</span>
        )}
      </dd>
    </div>
  );
}

function Editor({ action }: { action: TicketFieldAction }) {
  const scope = useContext(ScopeContext)!;
  const box = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const label = scope.resource.allFields[action.field]!.label;
  const close = () => {
    scope.setEditing(null);
    // Back on the row's button, so the keyboard stays where it was.
    requestAnimationFrame(() => document.getElementById(ticketActionAnchor(action.id))?.querySelector<HTMLElement>('button')?.focus());
  };
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input, select, textarea, button, [role="spinbutton"]')?.focus();
  }, []);
  const commit = async (value: unknown) => {
    setBusy(true);
    setMessage(undefined);
    try {
      await scope.save(action, value);
      close();
    } catch (error) {
      setMessage(saveMessage(action, error));
      setBusy(false);
    }
  };
  const props = { record: scope.record, busy, commit, cancel: close };
  return (
    <div
      ref={box}
      className="property__editor"
      role="group"
      aria-label={`Edit ${label.toLowerCase()}`}
      aria-busy={busy}
      onKeyDown={(e) => {
        // Escape in an open list (the staff picker's) closes the list; the next one closes the editor.
        const listOpen = (e.target as HTMLElement).getAttribute('aria-expanded') === 'true';
        if (e.key === 'Escape' && !e.defaultPrevented && !listOpen) {
          e.stopPropagation();
          close();
        }
      }}
    >
      {action.id === 'assign' ? <AssigneeEditor {...props} /> : null}
      {action.id === 'priority' ? <PriorityEditor {...props} /> : null}
      {action.id === 'dueDate' ? <DueDateEditor {...props} /> : null}
      {action.id === 'tags' ? <TagsEditor {...props} /> : null}
      {busy ? <span className="property__saving">Saving…</span> : null}
      {message ? (
        <p role="alert" className="resource-form__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}

interface EditorProps {
  record: ApiRecord;
  busy: boolean;
  commit(value: unknown): Promise<void>;
  cancel(): void;
}

function AssigneeEditor({ record, busy, commit, cancel }: EditorProps) {
  const { user } = useSession();
  const [choice, setChoice] = useState({ id: (record.assignee as string | null) ?? null, label: record._labels?.assignee ?? '' });
  return (
    <>
      <StaffPicker
        label="Assignee"
        menuTrigger="input"
        value={choice}
        onChange={(next) => {
          setChoice(next);
          // Choosing someone saves at once; clearing the box only clears it (Unassign says so).
          if (next.id && next.id !== record.assignee) void commit(next.id);
        }}
      />
      <div className="property__buttons">
        <Button size="sm" variant="secondary" isDisabled={busy || record.assignee === user.userId} onPress={() => void commit(user.userId)}>
          Assign to me
        </Button>
        {record.assignee ? (
          <Button size="sm" variant="ghost" isDisabled={busy} onPress={() => void commit(null)}>
            Unassign
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onPress={cancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}

function PriorityEditor({ record, busy, commit, cancel }: EditorProps) {
  return (
    <>
      <div className="property__choices" role="group" aria-label="Priority">
        {ticketPriorities.map((p) => (
          <button
            key={p}
            type="button"
            className="property__choice"
            aria-pressed={record.priority === p}
            disabled={busy}
            onClick={() => (record.priority === p ? cancel() : void commit(p))}
          >
            {humanise(p)}
          </button>
        ))}
      </div>
      <div className="property__buttons">
        <Button size="sm" variant="ghost" onPress={cancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}

function DueDateEditor({ record, busy, commit, cancel }: EditorProps) {
  const [dueDate, setDueDate] = useState(String(record.dueDate ?? ''));
  return (
    <form
      className="property__form"
      aria-label="Due date"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void commit(dueDate === '' ? null : dueDate);
      }}
    >
      <DateField label="Due date" value={dueDate} onChange={setDueDate} />
      <div className="property__buttons">
        <Button type="submit" size="sm" variant="primary" isDisabled={busy}>
          Save
        </Button>
        {record.dueDate ? (
          <Button size="sm" variant="ghost" isDisabled={busy} onPress={() => void commit(null)}>
            Clear
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onPress={cancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function TagsEditor({ record, busy, commit, cancel }: EditorProps) {
  const [tags, setTags] = useState<string[]>(() => (Array.isArray(record.tags) ? (record.tags as string[]) : []));
  return (
    <form
      className="property__form"
      aria-label="Tags"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void commit(ticketTags.filter((t) => tags.includes(t)));
      }}
    >
      <fieldset className="ticket-actions__tags">
        <legend className="ui-visually-hidden">Tags</legend>
        {ticketTags.map((tag) => (
          <label key={tag} className="ticket-actions__tag">
            <input type="checkbox" checked={tags.includes(tag)} onChange={(e) => setTags((prev) => (e.target.checked ? [...prev, tag] : prev.filter((t) => t !== tag)))} />
            {humanise(tag)}
          </label>
        ))}
      </fieldset>
      <div className="property__buttons">
        <Button type="submit" size="sm" variant="primary" isDisabled={busy}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onPress={cancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
