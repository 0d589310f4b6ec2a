import { and, asc, desc, eq } from 'drizzle-orm';
import type { GlobalConfig } from '@domain/global-config';
import { pinnedItemsSchema, type PinnedItem } from '@domain/pinned-item';
import type { ResolvedDeps } from '@server/app-deps';
import type { Database } from '@server/db/database';
import { chargePointOperators, cities, czoUsers, socketTypes, tags, userPreferences, users } from '@server/db/schema';

/** The user's saved pins; stored JSON is re-validated so a bad row cannot break the console. */
export async function loadPinnedItems(db: Database, userId: string): Promise<PinnedItem[]> {
  const [row] = await db.select({ pinnedItems: userPreferences.pinnedItems }).from(userPreferences).where(eq(userPreferences.userId, userId));
  const parsed = pinnedItemsSchema.safeParse(row?.pinnedItems ?? []);
  return parsed.success ? parsed.data : [];
}

/** The GlobalConfig of GET /config/secure/czo-app-global for one signed-in user. */
export async function loadGlobalConfig(deps: ResolvedDeps, userId: string): Promise<GlobalConfig> {
  const { db } = deps;
  const [socketRows, cityRows, staffRows, tagRows, operatorRows, pinnedItems] = await Promise.all([
    db.select().from(socketTypes).orderBy(asc(socketTypes.code)),
    db.select().from(cities).where(eq(cities.isActive, true)).orderBy(asc(cities.name)),
    db
      .select({ userId: users.id, name: users.name, mobileNumber: users.mobileNumber })
      .from(czoUsers)
      .innerJoin(users, eq(users.id, czoUsers.userId))
      .where(and(eq(czoUsers.isActive, true), eq(users.isActive, true)))
      .orderBy(asc(users.name)),
    db.select().from(tags).orderBy(asc(tags.name)),
    db
      .select()
      .from(chargePointOperators)
      .where(eq(chargePointOperators.isActive, true))
      .orderBy(desc(chargePointOperators.isOwnNetwork), asc(chargePointOperators.name)),
    loadPinnedItems(db, userId),
  ]);
  return {
    socketTypeList: Object.fromEntries(
      socketRows.map((s) => [s.code, { displayText: s.displayText, imageRelativePath: s.imageRelativePath, isActive: s.isActive }]),
    ),
    imageCDNUrl: deps.config.imageCdnUrl,
    cityConfig: {
      defaultCity: cityRows.find((c) => c.isDefault)?.id ?? cityRows[0]?.id ?? null,
      cityList: Object.fromEntries(
        cityRows.map((c) => [c.id, { cityId: c.id, name: c.name, state: c.state, latitude: c.latitude, longitude: c.longitude }]),
      ),
    },
    czoUsers: staffRows.map((s) => ({ userId: s.userId, name: s.name?.trim() || 'Guest', mobileNumber: s.mobileNumber })),
    tags: tagRows.map((t) => ({ id: t.id, name: t.name })),
    chargePointOperators: operatorRows.map((o) => ({ id: o.id, name: o.name })),
    chargePointOperatorId: operatorRows.find((o) => o.isOwnNetwork)?.id ?? null,
    pinnedItems,
  };
}
