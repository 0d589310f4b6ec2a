import { Link } from 'wouter';
import type { Permission } from '@domain/permissions';
import { PermissionBadge } from '@ui/permission-badge';

/** Props of NoAccess. */
export interface NoAccessProps {
  permission: Permission;
  title: string;
}

/** The page shown instead of a screen the user has no permission for (the server refuses its data too). */
export function NoAccess({ permission, title }: NoAccessProps) {
  return (
    <section className="page page--message" role="alert">
      <h1>{title}</h1>
      <p>You do not have the permission this page needs.</p>
      <p>
        <PermissionBadge permission={permission} />
      </p>
      <p>
        <Link href="/">Go to the home page</Link>
      </p>
    </section>
  );
}
