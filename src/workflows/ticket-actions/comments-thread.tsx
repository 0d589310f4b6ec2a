import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { COMMENT_MAX_LENGTH, commentPageSchema, commentsPath, newCommentSchema, type Comment } from '@domain/comments';
import { apiRequest, errorMessage } from '@data/api-client';
import { Button } from '@ui/button';
import { useUnsavedEdit } from '@resources/record-editing';

/** Props of AddComment. */
export interface AddCommentProps {
  /** A ticket resource's name (every ticket page shares the ticket's thread). */
  entityType: string;
  entityId: string;
}

/** Comments per page: the activity timeline loads them newest first, older ones on demand. */
const PAGE_SIZE = 50;

/** Query key of a ticket's comments (all pages). */
export const commentsKey = (entityId: string) => ['comments', 'tickets', entityId] as const;

/** A ticket's comments, newest first, a page at a time (`fetchNextPage` loads older ones). */
export function useComments(entityType: string, entityId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: commentsKey(entityId),
    initialPageParam: 0,
    enabled,
    queryFn: ({ pageParam, signal }) => apiRequest(`${commentsPath(entityType, entityId)}?page=${pageParam}&size=${PAGE_SIZE}`, { signal, schema: commentPageSchema }),
    getNextPageParam: (last) => ((last.page + 1) * last.size < last.count ? last.page + 1 : undefined),
  });
}

/** All loaded comments, newest first. */
export const loadedComments = (pages: readonly { items: Comment[] }[] | undefined): Comment[] => pages?.flatMap((p) => p.items) ?? [];

/** The box that adds a comment at the end of the activity timeline; Ctrl/⌘+Enter posts. A draft counts as an unsaved edit. */
export function AddComment({ entityType, entityId }: AddCommentProps) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [body, setBody] = useState('');
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  useUnsavedEdit('comment', body.trim() !== '');

  const post = async () => {
    const checked = newCommentSchema.safeParse({ body });
    if (!checked.success) {
      setMessage(checked.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setMessage(undefined);
    try {
      await apiRequest(commentsPath(entityType, entityId), { method: 'POST', body: checked.data });
      setBody('');
      await queryClient.invalidateQueries({ queryKey: commentsKey(entityId) });
    } catch (error) {
      setMessage(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="ticket-comments__add"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void post();
      }}
    >
      <label className="ui-field__label" htmlFor={inputId}>
        Add a comment
      </label>
      <textarea
        id={inputId}
        className="ui-field__input"
        value={body}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        aria-describedby={`${inputId}-hint`}
        aria-invalid={Boolean(message)}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            if (!busy) void post();
          }
        }}
      />
      <span id={`${inputId}-hint`} className="ui-field__description">
        Ctrl+Enter posts · {body.length}/{COMMENT_MAX_LENGTH}
      </span>
      {message ? (
        <p role="alert" className="resource-form__error">
          {message}
        </p>
      ) : null}
      <Button type="submit" size="sm" variant="primary" isDisabled={busy}>
        {busy ? 'Posting…' : 'Post comment'}
      </Button>
    </form>
  );
}
