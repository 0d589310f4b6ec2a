// Reading one record as a session may see it: the one check every route that acts on a record by its id makes
// first (the generic routes, transitions, the feature actions), so a record outside the caller's permissions and
// scopes answers 403 or 404 the same way everywhere.
import { anyViewPermissions, type Resource } from '@domain/resource/define-resource';
import type { Permission } from '@domain/permissions';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';
import { forbiddenProblem, notFoundProblem } from '@server/http/problem';
import { findRecord } from './resource-query';
import { visibility } from './visibility';

/** Parses a path id by the resource's id type; 404 when it cannot be an id. */
export function parseId(resource: Resource, raw: string): string | number {
  if (resource.idType === 'bigint') {
    if (!/^\d{1,15}$/.test(raw)) throw notFoundProblem(`No ${resource.title.toLowerCase()} has the id ${raw}.`);
    return Number(raw);
  }
  if (resource.idType === 'uuid' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)) {
    throw notFoundProblem(`No ${resource.title.toLowerCase()} has the id ${raw}.`);
  }
  return raw;
}

/** Loads a record the session may see; 403 without any view permission, 404 when missing or out of its scopes. */
export async function loadVisibleRecord(db: Database, resource: Resource, session: AuthenticatedSession, rawId: string, now: Date): Promise<Record<string, unknown>> {
  const extra = visibility(resource, session, now);
  if (extra === null) {
    const needed = anyViewPermissions(resource).filter((p): p is Permission => p !== null);
    throw forbiddenProblem(`You do not have a permission this needs (${needed.join(' or ')}).`);
  }
  const record = await findRecord(db, resource, parseId(resource, rawId), extra);
  if (!record) throw notFoundProblem(`No ${resource.title.toLowerCase()} has the id ${rawId}.`);
  return record;
}
