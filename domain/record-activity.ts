import type { Comment } from './comments';
import type { AuditEntry } from './resource/audit-entry';

/**
 * A moment a feature records its own way, shown in the record's one timeline with its history (a booking's charger
 * session and the money its postings moved): a short label of its kind ("Charger", "Money"), what happened in words
 * and any more lines.
 */
export interface RecordEvent {
  key: string;
  at: string;
  label: string;
  title: string;
  lines: readonly string[];
}

/** One moment of a record's activity: a comment, an audit entry (a workflow transition or a change of fields), or a feature's event. */
export type ActivityItem =
  | { kind: 'comment'; key: string; at: string; comment: Comment }
  | { kind: 'transition' | 'change'; key: string; at: string; entry: AuditEntry }
  | { kind: 'event'; key: string; at: string; event: RecordEvent };

/** Inputs of mergeActivity: the audit entries and comments as their APIs answer them (each newest first). */
export interface ActivitySources {
  audit: readonly AuditEntry[];
  comments: readonly Comment[];
  /** A feature's own events of the record, in any order. */
  events?: readonly RecordEvent[];
  /** True when older comments exist than those loaded: older audit entries are held back until they are loaded. */
  olderComments?: boolean;
}

/**
 * Comments, field changes, workflow transitions and a feature's events in one list, newest first (the box that adds
 * the next comment above them). Equal times keep each source's own order, newest first. While older comments are not
 * loaded, entries older than the oldest loaded comment wait too, so the list never shows a gap as "nothing was said
 * then".
 */
export function mergeActivity({ audit, comments, events = [], olderComments = false }: ActivitySources): ActivityItem[] {
  const oldestComment = comments.length > 0 ? Math.min(...comments.map((c) => Date.parse(c.createdAt))) : Number.NEGATIVE_INFINITY;
  const cutoff = olderComments ? oldestComment : Number.NEGATIVE_INFINITY;
  const items: { item: ActivityItem; time: number; order: number }[] = [];
  // Both APIs answer newest first: walking them backwards gives each source's oldest-first order for ties.
  [...audit].reverse().forEach((entry, order) => {
    const time = Date.parse(entry.createdAt);
    if (time < cutoff) return;
    items.push({ item: { kind: entry.fromState || entry.toState ? 'transition' : 'change', key: `audit-${entry.id}`, at: entry.createdAt, entry }, time, order });
  });
  [...comments].reverse().forEach((comment, order) => {
    items.push({ item: { kind: 'comment', key: `comment-${comment.id}`, at: comment.createdAt, comment }, time: Date.parse(comment.createdAt), order: audit.length + order });
  });
  events.forEach((event, order) => {
    const time = Date.parse(event.at);
    if (time < cutoff) return;
    items.push({ item: { kind: 'event', key: `event-${event.key}`, at: event.at, event }, time, order: audit.length + comments.length + order });
  });
  return items.sort((a, b) => b.time - a.time || b.order - a.order).map((i) => i.item);
}
