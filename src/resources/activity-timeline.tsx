import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { Comment } from '@domain/comments';
import { permissionChanges, permissionLabel } from '@domain/permission-labels';
import { formatDateTime } from '@domain/format-date';
import type { Resource } from '@domain/resource/define-resource';
import { humanise, type FieldDef } from '@domain/resource/field';
import type { AuditEntry } from '@domain/resource/audit-entry';
import { mergeActivity, type ActivityItem, type RecordEvent } from '@domain/record-activity';
import { errorMessage } from '@data/api-client';
import { fetchAudit } from '@data/resource-api';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { formatFieldText } from './cell-value';

/** Props of ActivityTimeline. */
export interface ActivityTimelineProps {
  /** The record's own resource (a ticket's kind): its audit rows and field labels. */
  resource: Resource;
  id: string;
  /** The comments of a record that takes them (a ticket's, read by its feature): they join the timeline. */
  comments?: TimelineComments;
  /** When the record was last read: the live channel refreshing it (someone changed or commented) refreshes this too. */
  recordReadAt?: number;
  /** A feature's own events of the record (a booking's charger session and money), read by the feature: they join the timeline. */
  events?: TimelineEvents;
}

/** A feature's events as the timeline shows them among the record's history. */
export interface TimelineEvents {
  items: readonly RecordEvent[];
  pending: boolean;
  error: unknown;
  /** What the feature says above the timeline (a booking charging now: its live energy and power). */
  header?: ReactNode;
}

/** A record's comments as the timeline shows them, read by the feature that owns them. */
export interface TimelineComments {
  /** The comments loaded so far, newest first. */
  items: readonly Comment[];
  pending: boolean;
  error: unknown;
  /** Older comments than those loaded exist. */
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
  /** The box that adds one, at the end of the timeline. */
  composer: ReactNode;
}

const ACTIONS: Record<string, string> = {
  create: 'created it',
  update: 'updated it',
  activate: 'activated it',
  inactivate: 'inactivated it',
  'transfer-device': 'transferred it to another host',
  block: 'blocked it',
  unblock: 'unblocked it',
  add: 'added it to the account',
  remove: 'removed it from the account',
  'edit-permissions': 'edited its permissions',
  'bulk-assign': 'assigned it (bulk assign)',
  assign: 'assigned it',
  set_priority: 'set its priority',
  set_due_date: 'set its due date',
  set_tags: 'set its tags',
};

/** A state by its option's label when the state field has one ("In Service"), else in words. */
function stateLabel(resource: Resource, state: string | null, field: string | undefined): string {
  if (!state) return '-';
  return (field ? resource.allFields[field]?.options?.find((o) => o.value === state)?.label : undefined) ?? humanise(state);
}

/** "updated it", "moved it from Open to Closed (Close)", or the action in words. */
function actionText(resource: Resource, entry: AuditEntry): string {
  if (entry.fromState || entry.toState) {
    const field = resource.allFields.status ? 'status' : undefined;
    return `moved it from ${stateLabel(resource, entry.fromState, field)} to ${stateLabel(resource, entry.toState, field)}${entry.event ? ` (${humanise(entry.event)})` : ''}`;
  }
  return ACTIONS[entry.action] ?? humanise(entry.action).toLowerCase();
}

/** A changed value as staff read it: labels, not codes; a person's name, not their id; units and dates as shown elsewhere. */
function describeChange(value: unknown, def: FieldDef | undefined, field: string, labels: Record<string, string> | undefined): string {
  if (isEmptyValue(value)) return 'Empty';
  if (def?.relation) return labels?.[String(value)] ?? String(value);
  if (def?.options && !Array.isArray(value)) return def.options.find((o) => o.value === value)?.label ?? String(value);
  if (def && def.display !== 'json' && (typeof value !== 'object' || Array.isArray(value))) {
    try {
      return formatFieldText(def, value, undefined, field);
    } catch {
      // An old row's value of another shape: shown as it is.
    }
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A field the resource no longer (or never) declared, in words: "transactionId" → "Transaction id", "close_note" → "Close note". */
function fieldWords(field: string): string {
  const words = humanise(field.replace(/([a-z\d])([A-Z])/g, '$1 $2')).split(' ');
  return words.map((word, i) => (i === 0 || word === word.toUpperCase() ? word : word.toLowerCase())).join(' ');
}

/** Nothing in it: null, an empty text or an empty list. */
const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function Changes({ resource, entry }: { resource: Resource; entry: AuditEntry }) {
  if (!entry.changes || entry.action === 'create') return null;
  // A field empty before and after changed nothing a person can see ("Empty → Empty"): not a line of its own.
  const changed = Object.entries(entry.changes).filter(([, change]) => {
    const c = change as { from?: unknown; to?: unknown };
    return !(isEmptyValue(c.from) && isEmptyValue(c.to));
  });
  if (changed.length === 0) return null;
  return (
    <ul className="activity__changes">
      {changed.map(([field, change]) => {
        const c = change as { from?: unknown; to?: unknown };
        const def = resource.allFields[field];
        if (def?.inputKind === 'permissions' && Array.isArray(c.from) && Array.isArray(c.to)) {
          // Labels of what was added and removed, not two long lists of codes.
          const { added, removed } = permissionChanges(c.from as string[], c.to as string[]);
          return [...added.map((p) => <li key={`+${p}`}>+ {permissionLabel(p)}</li>), ...removed.map((p) => <li key={`-${p}`}>− {permissionLabel(p)}</li>)];
        }
        const labels = entry.relationLabels?.[field];
        return (
          <li key={field}>
            {def?.label ?? fieldWords(field)}: {describeChange(c.from, def, field, labels)} → {describeChange(c.to, def, field, labels)}
          </li>
        );
      })}
    </ul>
  );
}

function ActivityRow({ resource, item }: { resource: Resource; item: ActivityItem }) {
  const when = (
    <time className="activity__when" dateTime={item.at}>
      {' '}
      · {formatDateTime(item.at)}
    </time>
  );
  if (item.kind === 'event') {
    return (
      <li className="activity__item activity__item--event">
        <p>
          <span className="pill pill--neutral">{item.event.label}</span> <strong>{item.event.title}</strong>
          {when}
        </p>
        {item.event.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </li>
    );
  }
  if (item.kind === 'comment') {
    return (
      <li className="activity__item activity__item--comment">
        <p>
          <strong>{item.comment.authorName ?? 'Someone'}</strong> commented{when}
        </p>
        <p className="activity__comment">{item.comment.body}</p>
      </li>
    );
  }
  const { entry } = item;
  return (
    <li className={`activity__item activity__item--${item.kind}`}>
      <p>
        <strong>{entry.actorName ?? 'System'}</strong> {actionText(resource, entry)}
        {when}
      </p>
      {entry.reason ? <p>Reason: {entry.reason}</p> : null}
      <Changes resource={resource} entry={entry} />
    </li>
  );
}

/**
 * The record's one activity stream: comments, field changes, workflow transitions and the feature's own events (a
 * booking's charger session and money) merged in time order, newest first, under the box that adds a comment
 * (records that take comments).
 */
export function ActivityTimeline({ resource, id, comments, events, recordReadAt }: ActivityTimelineProps) {
  const queryClient = useQueryClient();
  const [readAt, setReadAt] = useState(recordReadAt);
  // The audit key is not the record's: a newer read of the record reads it again too.
  useEffect(() => {
    if (recordReadAt === readAt) return;
    setReadAt(recordReadAt);
    void queryClient.invalidateQueries({ queryKey: ['audit', resource.name, id] });
  }, [recordReadAt, readAt, queryClient, resource.name, id]);
  const audit = useQuery({ queryKey: ['audit', resource.name, id], queryFn: ({ signal }) => fetchAudit(resource, id, signal) });
  const pending = audit.isPending || Boolean(comments?.pending) || Boolean(events?.pending);
  const error = audit.error ?? comments?.error ?? events?.error ?? null;
  const items = mergeActivity({ audit: audit.data ?? [], comments: comments?.items ?? [], events: events?.items ?? [], olderComments: Boolean(comments?.hasOlder) });
  return (
    <section className="detail-section activity" aria-label="History">
      <h2>History</h2>
      {events?.header}
      {comments?.composer}
      {pending ? (
        <LoadingIndicator label="Loading history" />
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : (
        <>
          {items.length === 0 ? (
            <p className="ui-field__description">No changes recorded yet.</p>
          ) : (
            <ol className="activity__list">
              {items.map((item) => (
                <ActivityRow key={item.key} resource={resource} item={item} />
              ))}
            </ol>
          )}
          {comments?.hasOlder ? (
            <Button size="sm" variant="ghost" isDisabled={comments.loadingOlder} onPress={comments.loadOlder}>
              {comments.loadingOlder ? 'Loading…' : 'Show older activity'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
