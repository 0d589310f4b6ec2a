import { globalConfigSchema } from '@domain/global-config';
import { MAX_PINNED_ITEMS, pinnedItemSchema, pinnedItemsSchema } from '@domain/pinned-item';
import { problemSchema } from '@domain/problem';
import { sessionPaths } from '@domain/session';
import { z } from 'zod';
import { loadGlobalConfig } from '@server/global-data/load-global-config';
import { savePinnedItems } from '@server/global-data/save-pinned-items';
import type { RouteRegistry } from '@server/http/route-registry';

// Pins with unknown keys are refused like any other request body.
const pinnedItemsBodySchema = z.array(pinnedItemSchema.strict()).max(MAX_PINNED_ITEMS);

/** Global data loaded once after sign-in, and the user's pinned menu items. */
export function registerConfigRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: sessionPaths.globalData,
    access: { kind: 'signed-in' },
    summary: 'Global data of the console: socket types, cities, staff, tags, operators and the user’s pins.',
    responses: { 200: { description: 'Global data', schema: globalConfigSchema }, 401: { description: 'Not signed in', schema: problemSchema } },
    handler: async ({ c, session, deps }) => c.json(await loadGlobalConfig(deps, session.userId), 200),
  });

  registry.route({
    method: 'PUT',
    path: sessionPaths.pinnedItems,
    access: { kind: 'signed-in' },
    body: pinnedItemsBodySchema,
    summary: 'Replace the signed-in user’s pinned menu items (de-duplicated by id); answers the stored list.',
    responses: {
      200: { description: 'The stored pins', schema: pinnedItemsSchema },
      400: { description: 'Invalid pins', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => c.json(await savePinnedItems(deps, session.userId, body), 200),
  });
}
