import { z } from 'zod';

/** One entry of a record's audit timeline, as `GET /upload-service/audit/entity/{type}/entityId/{id}` answers it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  event: z.string().nullable(),
  reason: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  /** Labels of the related records a change names, by field then id ("assignee" → id → "Priya Nair"): labels, not ids. */
  relationLabels: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit timeline answer: newest first, at most 200 entries. */
export const auditTimelineSchema = z.object({ items: z.array(auditEntrySchema) });

/** Path of a record's audit timeline. */
export function auditTimelinePath(entityType: string, id: string): string {
  return `/upload-service/audit/entity/${encodeURIComponent(entityType)}/entityId/${encodeURIComponent(id)}`;
}
