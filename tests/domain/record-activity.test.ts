import { describe, expect, it } from 'vitest';
import type { Comment } from '@domain/comments';
import type { AuditEntry } from '@domain/resource/audit-entry';
import { mergeActivity } from '@domain/record-activity';

const audit = (id: string, createdAt: string, more: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  action: 'update',
  actorUserId: null,
  actorName: 'Aarav Sharma',
  fromState: null,
  toState: null,
  event: null,
  reason: null,
  changes: null,
  createdAt,
  ...more,
});
const comment = (id: number, createdAt: string): Comment => ({ id, entityType: 'tickets', entityId: '42', authorUserId: null, authorName: 'Priya Nair', body: `comment ${id}`, createdAt });

describe('mergeActivity', () => {
  it('merges audit changes, transitions and comments newest first, from sources answered newest first', () => {
    const items = mergeActivity({
      audit: [audit('a3', '2026-03-01T10:05:00Z'), audit('a2', '2026-03-01T10:01:00Z', { fromState: 'OPEN', toState: 'SCHEDULED', event: 'SCHEDULE' }), audit('a1', '2026-03-01T10:00:00Z', { action: 'create' })],
      comments: [comment(2, '2026-03-01T10:06:00Z'), comment(1, '2026-03-01T10:03:00Z')],
    });
    expect(items.map((i) => i.key)).toEqual(['comment-2', 'audit-a3', 'comment-1', 'audit-a2', 'audit-a1']);
    expect(items.map((i) => i.kind)).toEqual(['comment', 'change', 'comment', 'transition', 'change']);
  });

  it('keeps each source’s own order for equal times, newest first', () => {
    const at = '2026-03-01T10:00:00Z';
    const items = mergeActivity({ audit: [audit('second', at), audit('first', at)], comments: [comment(9, at), comment(8, at)] });
    expect(items.map((i) => i.key)).toEqual(['comment-9', 'comment-8', 'audit-second', 'audit-first']);
  });

  it('holds back audit entries older than the oldest loaded comment while older comments are not loaded', () => {
    const sources = { audit: [audit('new', '2026-03-01T12:00:00Z'), audit('old', '2026-03-01T08:00:00Z')], comments: [comment(5, '2026-03-01T10:00:00Z')] };
    expect(mergeActivity({ ...sources, olderComments: true }).map((i) => i.key)).toEqual(['audit-new', 'comment-5']);
    expect(mergeActivity(sources).map((i) => i.key)).toEqual(['audit-new', 'comment-5', 'audit-old']);
  });

  it('places a feature’s own events among them by time', () => {
    const event = (key: string, at: string) => ({ key, at, label: 'Charger', title: key, lines: [] });
    const items = mergeActivity({
      audit: [audit('moved', '2026-03-01T10:05:00Z', { fromState: 'SCHEDULED', toState: 'CHARGING' }), audit('made', '2026-03-01T10:00:00Z', { action: 'create' })],
      comments: [],
      events: [event('started', '2026-03-01T10:04:00Z'), event('stopped', '2026-03-01T10:09:00Z')],
    });
    expect(items.map((i) => i.key)).toEqual(['event-stopped', 'audit-moved', 'event-started', 'audit-made']);
  });
});
