import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { hasPermission, type Permission } from '@domain/permissions';
import { useSession } from '@app/session/session-context';
import { PermissionBadge } from '@ui/permission-badge';
import { permissionNamesStore } from '@state/permission-names';

/** Props of GatedAction. */
export interface GatedActionProps {
  /** Permission the action needs; null: any signed-in user. */
  permission: Permission | null;
  children: ReactNode;
}

/**
 * Shows an action only to users holding its permission, with the permission badge beside it when
 * "Show permission names" is on.
 */
export function GatedAction({ permission, children }: GatedActionProps) {
  const { user } = useSession();
  const { value: showNames } = useSnapshot(permissionNamesStore);
  if (permission !== null && !hasPermission(user.permissions, permission)) return null;
  return (
    <span className="gated-action">
      {children}
      {showNames && permission ? <PermissionBadge permission={permission} /> : null}
    </span>
  );
}

/** True when the signed-in user holds the permission (null: always). */
export function useCan(permission: Permission | null | undefined): boolean {
  const { user } = useSession();
  return permission === undefined ? false : permission === null || hasPermission(user.permissions, permission);
}
