// Who may send which command through the one command route: ROLE_EXECUTE_COMMAND is the route's access, and a command
// that needs a right of its own (a DataTransfer: whatever a vendor's extension does with it; a ChangeConfiguration of
// the local authorization list's settings, which its panel manages) is checked here against the same catalogue the
// console reads to offer it (commandExtraPermission), before anything is written.
import { commandExtraPermission, type OcppCommand } from '@domain/ocpp';
import { hasPermission, type Permission } from '@domain/permissions';
import { forbiddenProblem } from '@server/http/problem';

/** Throws 403 when the command needs a permission of its own the caller lacks. */
export function requireCommandPermission(granted: readonly Permission[], command: OcppCommand): void {
  const needed = commandExtraPermission(command);
  if (!needed || hasPermission(granted, needed)) return;
  const what = command.action === 'ChangeConfiguration' ? `Changing ${command.payload.key}` : `Sending ${command.action}`;
  throw forbiddenProblem(`${what} needs the permission ${needed}. Nothing was sent.`);
}
