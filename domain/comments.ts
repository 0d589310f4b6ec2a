import { z } from 'zod';
import { storableString } from './storable-text';

/** Longest comment, in characters. */
export const COMMENT_MAX_LENGTH = 2000;

/** The comments API of one record (the ticket service's comments by entity). */
export function commentsPath(entityType: string, entityId: string | number): string {
  return `/ticket-service/comment/entityType/${encodeURIComponent(entityType)}/entityId/${encodeURIComponent(String(entityId))}`;
}

/** Body of a new comment. */
export const newCommentSchema = z.strictObject({
  body: storableString({ error: 'Write a comment' }).trim().min(1, 'Write a comment').max(COMMENT_MAX_LENGTH, `At most ${COMMENT_MAX_LENGTH} characters`),
});
export type NewComment = z.infer<typeof newCommentSchema>;

/** One comment as the API answers it. */
export const commentSchema = z.object({
  id: z.number(),
  entityType: z.string(),
  entityId: z.string(),
  authorUserId: z.string().nullable(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A page of comments, newest first. */
export const commentPageSchema = z.object({ items: z.array(commentSchema), count: z.number(), page: z.number(), size: z.number() });
export type CommentPage = z.infer<typeof commentPageSchema>;

/** Paging of the comments list. */
export const commentQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
