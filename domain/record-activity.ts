import type { Comment } from './comments';
import type { AuditEntry } from './resource/audit-entry';

/** One moment of a record's activity: a comment, or an audit entry (a workflow transition or a change of fields). */
export type ActivityItem = { kind: 'comment'; key: string; at: string; comment: Comment } | { kind: 'transition' | 'change'; key: string; at: string; entry: AuditEntry };

/** Inputs of mergeActivity: the audit entries and comments as their APIs answer them (each newest first). */
export interface ActivitySources {
  audit: readonly AuditEntry[];
  comments: readonly Comment[];
  /** True when older comments exist than those loaded: older audit entries are held back until they are loaded. */
  olderComments?: boolean;
}

/**
 * Comments, field changes and workflow transitions in one list, oldest first (newest last, by the box that adds the
 * next comment). Equal times keep each source's own order. While older comments are not loaded, audit entries older
 * than the oldest loaded comment wait too, so the list never shows a gap as "nothing was said then".
 */
export function mergeActivity({ audit, comments, olderComments = false }: ActivitySources): ActivityItem[] {
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
  return items.sort((a, b) => a.time - b.time || a.order - b.order).map((i) => i.item);
}
