// Who may send which command through the one command route: ROLE_EXECUTE_COMMAND is the route's access, and a command
// that needs a right of its own (a DataTransfer: whatever a vendor's extension does with it) is checked here against
// the same catalogue the console reads to offer it (ocppCommandExtraPermissions), before anything is written.
import { ocppCommandExtraPermissions, type OcppCommandAction } from '@domain/ocpp';
import { hasPermission, type Permission } from '@domain/permissions';
import { forbiddenProblem } from '@server/http/problem';

/** Throws 403 when the command needs a permission of its own the caller lacks. */
export function requireCommandPermission(granted: readonly Permission[], action: OcppCommandAction): void {
  const needed = ocppCommandExtraPermissions[action];
  if (needed && !hasPermission(granted, needed)) throw forbiddenProblem(`Sending ${action} needs the permission ${needed}. Nothing was sent.`);
}
