// Points for the console's maps: chargers (the chargers list's rows, same filters and scopes), locations with their
// charger counts, and open charger servicing tickets. Answers are parallel arrays (domain/network-map.ts).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { viewPermission } from '@domain/resource/define-resource';
import { listQuerySchema } from '@domain/resource/list-query';
import { chargerResource } from '@domain/resources/chargers/charger';
import { locationResource, locationStatuses } from '@domain/resources/places/location';
import { chargerServicingTicketResource } from '@domain/resources/tickets/charger-servicing-ticket';
import { ticketStatuses } from '@domain/resources/tickets/shared';
import { chargerMapCategories, chargerMapSchema, locationMapSchema, servicingMapCategories, servicingMapSchema } from '@domain/network-map';
import { hasPermission, type Permission } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { forbiddenProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { listWhere, scopeConditions, tableOf } from '@server/resources/resource-query';
import { rowsOf } from '@server/db/rows';

const problems = { 400: { description: 'Invalid input', schema: problemSchema }, 401: { description: 'Not signed in', schema: problemSchema }, 403: { description: 'Missing permission', schema: problemSchema } };

/** The map-view endpoints of the charger service. */
export const MAP_VIEW = '/charger-service/map-view';

function requirePermission(session: AuthenticatedSession, permission: Permission | null): void {
  if (permission !== null && !hasPermission(session.permissions, permission)) throw forbiddenProblem(`You do not have the permission this needs (${permission}).`);
}

/** Coordinates of a jsonb `{ latitude, longitude }` column, rounded to 5 decimals (about 1 m). */
const lat = (column: unknown) => sql<number>`round(((${column})->>'latitude')::numeric, 5)::float8`;
const lng = (column: unknown) => sql<number>`round(((${column})->>'longitude')::numeric, 5)::float8`;

/** Registers the map endpoints. */
export function registerMapRoutes(registry: RouteRegistry): void {
  const chargerQuery = listQuerySchema(chargerResource);
  registry.route({
    method: 'GET',
    path: `${MAP_VIEW}/chargers`,
    access: { kind: 'signed-in' },
    query: chargerQuery,
    summary:
      'Chargers as map points, with the filters, `q` and scopes of the chargers list (paging and sort ignored): parallel arrays of id, unique id, latitude, longitude (of the charger\'s location) and category (connectivity status, or Inactive). Needs the list\'s view permission.',
    responses: { 200: { description: 'The points', schema: chargerMapSchema }, ...problems },
    handler: async ({ c, query, session, deps }) => {
      requirePermission(session, viewPermission(chargerResource, query.scope));
      const chargers = tableOf(chargerResource);
      const locations = tableOf(locationResource);
      const scope = query.scope ? chargerResource.scopes![query.scope]! : undefined;
      const extra = scope ? scopeConditions(chargerResource, chargers, scope.where, session.userId, deps.now()) : [];
      const { where } = listWhere(chargerResource, chargers, query, extra);
      const category = sql<number>`case when not ${chargers.isActive} then ${chargerMapCategories.length - 1} else array_position(${sql.param([...chargerMapCategories])}::text[], ${chargers.connectivityStatus}) - 1 end`;
      const rows = await deps.db
        .select({ id: chargers.id, uniqueId: chargers.uniqueId, lat: lat(locations.coordinates), lng: lng(locations.coordinates), category })
        .from(chargers)
        .innerJoin(locations, eq(locations.id, chargers.locationId))
        .where(where);
      const [missing] = await deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(chargers)
        .where(where ? and(where, isNull(chargers.locationId)) : isNull(chargers.locationId));
      const out = { ids: [] as number[], uniqueIds: [] as string[], lat: [] as number[], lng: [] as number[], category: [] as number[], withoutLocation: Number(missing?.n ?? 0) };
      for (const r of rows as { id: number; uniqueId: string; lat: number; lng: number; category: number }[]) {
        out.ids.push(Number(r.id));
        out.uniqueIds.push(r.uniqueId);
        out.lat.push(Number(r.lat));
        out.lng.push(Number(r.lng));
        out.category.push(Number(r.category));
      }
      return c.json(out, 200);
    },
  });

  registry.route({
    method: 'GET',
    path: `${MAP_VIEW}/locations`,
    access: { kind: 'permission', permission: locationResource.permissions.view! },
    summary: 'Active locations as map points with their names and charger counts; category is the location status (index into the location statuses).',
    responses: { 200: { description: 'The points', schema: locationMapSchema }, ...problems },
    handler: async ({ c, deps }) => {
      const rows = rowsOf<{ id: number; name: string; lat: number; lng: number; category: number; chargers: number }>(
        await deps.db.execute(sql`
          select l.id, l.name, ${lat(sql`l.coordinates`)} as lat, ${lng(sql`l.coordinates`)} as lng,
                 array_position(${sql.param([...locationStatuses])}::text[], l.status) - 1 as category,
                 coalesce(n.chargers, 0)::int as chargers
          from ${tableOf(locationResource)} l
          left join (select location_id, count(*) as chargers from ${tableOf(chargerResource)} where location_id is not null group by location_id) n on n.location_id = l.id
          where l.is_active`),
      );
      const out = { ids: [] as number[], names: [] as string[], lat: [] as number[], lng: [] as number[], category: [] as number[], chargers: [] as number[] };
      for (const r of rows) {
        out.ids.push(Number(r.id));
        out.names.push(r.name);
        out.lat.push(Number(r.lat));
        out.lng.push(Number(r.lng));
        out.category.push(Math.max(0, Number(r.category)));
        out.chargers.push(Number(r.chargers));
      }
      return c.json(out, 200);
    },
  });

  registry.route({
    method: 'GET',
    path: `${MAP_VIEW}/servicing-tickets`,
    access: { kind: 'permission', permission: 'ROLE_VIEW_CHARGER_SERVICING_MAP' },
    summary: "Open charger servicing tickets as map points (at the ticket's location, else its charger's location): title, priority (category, index into the ticket priorities) and age in whole days.",
    responses: { 200: { description: 'The points', schema: servicingMapSchema }, ...problems },
    handler: async ({ c, deps }) => {
      const closed = ticketStatuses.CHARGER_SERVICING.closed;
      const tickets = tableOf(chargerServicingTicketResource);
      const rows = rowsOf<{ id: number; title: string | null; priority: string; age: number; lat: number | null; lng: number | null }>(
        await deps.db.execute(sql`
          select t.id, t.title, t.priority, floor(extract(epoch from (${deps.now().toISOString()}::timestamptz - t.created_at)) / 86400)::int as age,
                 ${lat(sql`coalesce(l1.coordinates, l2.coordinates)`)} as lat, ${lng(sql`coalesce(l1.coordinates, l2.coordinates)`)} as lng
          from ${tickets} t
          left join ${tableOf(locationResource)} l1 on l1.id = t.location
          left join ${tableOf(chargerResource)} ch on ch.id = t.charger
          left join ${tableOf(locationResource)} l2 on l2.id = ch.location_id
          where t.kind = 'CHARGER_SERVICING' and t.status <> all(${sql.param([...closed])}::text[])`),
      );
      const out = { ids: [] as number[], titles: [] as string[], lat: [] as number[], lng: [] as number[], category: [] as number[], ageDays: [] as number[], withoutLocation: 0 };
      for (const r of rows) {
        if (r.lat === null || r.lng === null) {
          out.withoutLocation += 1;
          continue;
        }
        out.ids.push(Number(r.id));
        out.titles.push(r.title ?? `Ticket ${r.id}`);
        out.lat.push(Number(r.lat));
        out.lng.push(Number(r.lng));
        out.category.push(Math.max(0, servicingMapCategories.indexOf(r.priority as (typeof servicingMapCategories)[number])));
        out.ageDays.push(Math.max(0, Number(r.age)));
      }
      return c.json(out, 200);
    },
  });
}
