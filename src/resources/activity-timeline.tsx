import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { permissionChanges, permissionLabel } from '@domain/permission-labels';
import { formatDateTime } from '@domain/format-date';
import type { Resource } from '@domain/resource/define-resource';
import { humanise, type FieldDef } from '@domain/resource/field';
import type { AuditEntry } from '@domain/resource/audit-entry';
import { mergeActivity, type ActivityItem } from '@domain/record-activity';
import { errorMessage } from '@data/api-client';
import { fetchAudit } from '@data/resource-api';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { AddComment, commentsKey, loadedComments, useComments } from '@workflows/ticket-actions/comments-thread';
import { formatFieldText } from './cell-value';
import { GatedAction } from './gated-action';

/** Props of ActivityTimeline. */
export interface ActivityTimelineProps {
  /** The record's own resource (a ticket's kind): its audit rows and field labels. */
  resource: Resource;
  id: string;
  /** True for records that take comments (tickets): their comments join the timeline, with the box to add one. */
  comments?: boolean;
  /** When the record was last read: the live channel refreshing it (someone changed or commented) refreshes this too. */
  recordReadAt?: number;
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
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'Empty';
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

function Changes({ resource, entry }: { resource: Resource; entry: AuditEntry }) {
  if (!entry.changes || entry.action === 'create') return null;
  return (
    <ul className="activity__changes">
      {Object.entries(entry.changes).map(([field, change]) => {
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
            {def?.label ?? humanise(field)}: {describeChange(c.from, def, field, labels)} → {describeChange(c.to, def, field, labels)}
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
 * The record's one activity stream: comments, field changes and workflow transitions merged in time order, newest
 * last, with the box that adds a comment at its end (tickets).
 */
export function ActivityTimeline({ resource, id, comments = false, recordReadAt }: ActivityTimelineProps) {
  const queryClient = useQueryClient();
  const [readAt, setReadAt] = useState(recordReadAt);
  // The audit and comment keys are not the record's: a newer read of the record reads them again too.
  useEffect(() => {
    if (recordReadAt === readAt) return;
    setReadAt(recordReadAt);
    void queryClient.invalidateQueries({ queryKey: ['audit', resource.name, id] });
    if (comments) void queryClient.invalidateQueries({ queryKey: commentsKey(id) });
  }, [recordReadAt, readAt, queryClient, resource.name, id, comments]);
  const audit = useQuery({ queryKey: ['audit', resource.name, id], queryFn: ({ signal }) => fetchAudit(resource, id, signal) });
  const thread = useComments(resource.name, id, comments);
  const pending = audit.isPending || (comments && thread.isPending);
  const error = audit.error ?? (comments ? thread.error : null);
  const items = mergeActivity({ audit: audit.data ?? [], comments: comments ? loadedComments(thread.data?.pages) : [], olderComments: comments && thread.hasNextPage });
  return (
    <section className="detail-section activity" aria-label="History">
      <h2>History</h2>
      {pending ? (
        <LoadingIndicator label="Loading history" />
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : (
        <>
          {comments && thread.hasNextPage ? (
            <Button size="sm" variant="ghost" isDisabled={thread.isFetchingNextPage} onPress={() => void thread.fetchNextPage()}>
              {thread.isFetchingNextPage ? 'Loading…' : 'Show older activity'}
            </Button>
          ) : null}
          {items.length === 0 ? (
            <p className="ui-field__description">No changes recorded yet.</p>
          ) : (
            <ol className="activity__list">
              {items.map((item) => (
                <ActivityRow key={item.key} resource={resource} item={item} />
              ))}
            </ol>
          )}
        </>
      )}
      {comments ? (
        <GatedAction permission="ROLE_COMMENT_ON_TICKET">
          <AddComment entityType={resource.name} entityId={id} />
        </GatedAction>
      ) : null}
    </section>
  );
}
