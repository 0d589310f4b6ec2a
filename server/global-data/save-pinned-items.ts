import { dedupePins, type PinnedItem } from '@domain/pinned-item';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import { userPreferences } from '@server/db/schema';
import { loadPinnedItems } from './load-global-config';

/** Stores the user's pins (de-duplicated by id, first kept) with an audit row in one transaction; returns them. */
export async function savePinnedItems(deps: ResolvedDeps, userId: string, pins: readonly PinnedItem[]): Promise<PinnedItem[]> {
  const next = dedupePins(pins);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await loadPinnedItems(tx, userId);
    await tx
      .insert(userPreferences)
      .values({ userId, pinnedItems: next, updatedAt: now })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { pinnedItems: next, updatedAt: now } });
    await writeAudit(
      tx,
      {
        entityType: 'user_preferences',
        entityId: userId,
        actorUserId: userId,
        action: 'update-pinned-items',
        changes: { pinnedItems: { from: before.map((p) => p.id), to: next.map((p) => p.id) } },
      },
      now,
    );
  });
  return next;
}
