import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ActivityTimeline } from '@resources/activity-timeline';
import { GatedAction } from '@resources/gated-action';
import type { RecordHistoryProps } from '@resources/resource-extension';
import { AddComment, commentsKey, loadedComments, useComments } from './comments-thread';

/** A ticket's history: its changes and transitions with its comments among them, and the box to add one at the end. */
export function TicketHistory({ resource, id, recordReadAt }: RecordHistoryProps) {
  const queryClient = useQueryClient();
  const [readAt, setReadAt] = useState(recordReadAt);
  // The comments' key is not the ticket's: a newer read of the ticket (someone commented) reads them again too.
  useEffect(() => {
    if (recordReadAt === readAt) return;
    setReadAt(recordReadAt);
    void queryClient.invalidateQueries({ queryKey: commentsKey(id) });
  }, [recordReadAt, readAt, queryClient, id]);
  const thread = useComments(resource.name, id);
  return (
    <ActivityTimeline
      resource={resource}
      id={id}
      recordReadAt={recordReadAt}
      comments={{
        items: loadedComments(thread.data?.pages),
        pending: thread.isPending,
        error: thread.error,
        hasOlder: thread.hasNextPage,
        loadingOlder: thread.isFetchingNextPage,
        loadOlder: () => void thread.fetchNextPage(),
        composer: (
          <GatedAction permission="ROLE_COMMENT_ON_TICKET">
            <AddComment entityType={resource.name} entityId={id} />
          </GatedAction>
        ),
      }}
    />
  );
}
