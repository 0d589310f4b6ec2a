import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { COMMENT_MAX_LENGTH, commentPageSchema, commentsPath, newCommentSchema, type Comment } from '@domain/comments';
import { formatDateTime } from '@domain/format-date';
import { apiRequest, errorMessage } from '@data/api-client';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { GatedAction } from '@resources/gated-action';

/** Props of CommentsThread. */
export interface CommentsThreadProps {
  /** A ticket resource's name (every ticket page shares the ticket's thread). */
  entityType: string;
  entityId: string;
}

const PAGE_SIZE = 20;

/** Query key of a ticket's comments (all pages). */
export const commentsKey = (entityId: string) => ['comments', 'tickets', entityId] as const;

/** The comments of a ticket, newest first, with "Show older comments"; the add box posts with Ctrl/⌘+Enter. */
export function CommentsThread({ entityType, entityId }: CommentsThreadProps) {
  const thread = useInfiniteQuery({
    queryKey: commentsKey(entityId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => apiRequest(`${commentsPath(entityType, entityId)}?page=${pageParam}&size=${PAGE_SIZE}`, { signal, schema: commentPageSchema }),
    getNextPageParam: (last) => ((last.page + 1) * last.size < last.count ? last.page + 1 : undefined),
  });
  const items: Comment[] = thread.data?.pages.flatMap((p) => p.items) ?? [];
  const total = thread.data?.pages[0]?.count ?? 0;

  return (
    <section className="ticket-comments" aria-label="Comments">
      <h3>Comments {thread.data ? <span className="resource-page__count">({total.toLocaleString('en-IN')})</span> : null}</h3>
      <GatedAction permission="ROLE_COMMENT_ON_TICKET">
        <AddComment entityType={entityType} entityId={entityId} />
      </GatedAction>
      {thread.isPending ? (
        <LoadingIndicator label="Loading comments" />
      ) : thread.error ? (
        <p role="alert">{errorMessage(thread.error)}</p>
      ) : items.length === 0 ? (
        <p className="ui-field__description">No comments yet.</p>
      ) : (
        <ol className="ticket-comments__list">
          {items.map((c) => (
            <li key={c.id}>
              <p className="ticket-comments__meta">
                <strong>{c.authorName ?? 'Someone'}</strong> · {formatDateTime(c.createdAt)}
              </p>
              <p className="ticket-comments__body">{c.body}</p>
            </li>
          ))}
        </ol>
      )}
      {thread.hasNextPage ? (
        <Button size="sm" variant="ghost" isDisabled={thread.isFetchingNextPage} onPress={() => void thread.fetchNextPage()}>
          {thread.isFetchingNextPage ? 'Loading…' : 'Show older comments'}
        </Button>
      ) : null}
    </section>
  );
}

function AddComment({ entityType, entityId }: CommentsThreadProps) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [body, setBody] = useState('');
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

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
