import type { Permission } from '@domain/permissions';

/** Who may call a route: anyone, any signed-in staff user, or staff holding one permission. */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; permission: Permission };

/** Short text of an access rule for logs and docs ("public", "signed-in", "ROLE_VIEW_ROLES"). */
export function describeAccess(access: RouteAccess): string {
  return access.kind === 'permission' ? access.permission : access.kind;
}
