// The first staff member of a new database: `npm run staff:first-admin -- --mobile <number> --name "<name>"`. A
// production database starts empty (no demo staff, no roles), and every way of adding staff goes through the console,
// which needs someone signed in who may add staff. This command, run by whoever runs the server (it needs the
// database's settings, not a session), makes the role "Super Admin" with every permission of the catalogue when no
// role of that name exists, and gives it to the named person as active staff. It writes an audit row with no actor.
import { and, eq, sql } from 'drizzle-orm';
import { allPermissions } from '@domain/permissions';
import { formatIndianMobile, normaliseIndianMobile } from '@domain/phone';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { CommandError, hold, parseFlags, runCommand, type CommandIo } from '@server/db/maintenance/commands';
import { openDatabase } from '@server/db/open-database';
import { czoUsers, roles, userRoles, users } from '@server/db/schema';

/** The role the first staff member gets. */
export const FIRST_ADMIN_ROLE = 'Super Admin';
/** Longest name the command takes (the console's staff name field takes the same). */
export const MAX_ADMIN_NAME = 80;

/** A mistake in what the command was given: one line for the person who ran it. */
export class FirstAdminInputError extends Error {
  override name = 'FirstAdminInputError';
}

/** What the command did. */
export interface FirstAdminResult {
  userId: string;
  mobileNumber: string;
  /** The role was made now (a new database) rather than found. */
  roleCreated: boolean;
  /** The person was a user already (a customer who becomes staff). */
  userExisted: boolean;
}

/** Checks the command's input: a valid Indian mobile number and a name of printable characters. */
export function firstAdminInput(input: { mobile?: string; name?: string }): { mobileNumber: string; name: string } {
  const mobileNumber = input.mobile ? normaliseIndianMobile(input.mobile) : undefined;
  if (!mobileNumber) throw new FirstAdminInputError('Give the first staff member\'s mobile number: --mobile 98765 43210 (an Indian mobile number of 10 digits, with or without +91).');
  const name = (input.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name) throw new FirstAdminInputError('Give the first staff member\'s name: --name "Asha Rao".');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new FirstAdminInputError('The name may not hold control characters.');
  if (name.length > MAX_ADMIN_NAME) throw new FirstAdminInputError(`The name is ${name.length} characters long: at most ${MAX_ADMIN_NAME}.`);
  return { mobileNumber, name };
}

/**
 * Makes `mobileNumber` active staff holding Super Admin (made with every permission when missing), in one
 * transaction. Refuses when that number is already active staff with that role: nothing to do.
 */
export async function createFirstAdmin(db: Database, input: { mobileNumber: string; name: string }, now = new Date()): Promise<FirstAdminResult> {
  return db.transaction(async (tx) => {
    const [existingRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, FIRST_ADMIN_ROLE));
    const role =
      existingRole ??
      (await tx
        .insert(roles)
        .values({ name: FIRST_ADMIN_ROLE, description: 'Every permission of the console.', permissions: [...allPermissions], createdAt: now, updatedAt: now })
        .returning({ id: roles.id }))[0]!;
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.mobileNumber, input.mobileNumber));
    const user = found ?? (await tx.insert(users).values({ name: input.name, mobileNumber: input.mobileNumber, isActive: true, createdAt: now, updatedAt: now }).returning({ id: users.id }))[0]!;
    const [held] = await tx
      .select({ id: userRoles.id })
      .from(userRoles)
      .innerJoin(czoUsers, eq(czoUsers.userId, userRoles.userId))
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.roleId, role.id), eq(userRoles.isActive, true), eq(czoUsers.isActive, true)));
    if (held) throw new FirstAdminInputError(`${formatIndianMobile(input.mobileNumber)} is already active staff with the role ${FIRST_ADMIN_ROLE}: nothing to do.`);
    // A user made inactive, or staff made inactive, is made active: this is how the operator gets back in.
    await tx.update(users).set({ isActive: true, updatedAt: now }).where(eq(users.id, user.id));
    await tx
      .insert(czoUsers)
      .values({ userId: user.id, designation: 'Administrator', isActive: true, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: czoUsers.userId, set: { isActive: true, updatedAt: now } });
    await tx
      .insert(userRoles)
      .values({ userId: user.id, roleId: role.id, isActive: true, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [userRoles.userId, userRoles.roleId], set: { isActive: true, updatedAt: sql`excluded.updated_at` } });
    await writeAudit(
      tx,
      { entityType: 'czo-users', entityId: user.id, actorUserId: null, action: 'first-admin', reason: 'Made staff with Super Admin from the command line (npm run staff:first-admin)', changes: { role: FIRST_ADMIN_ROLE, roleCreated: !existingRole } },
      now,
    );
    return { userId: user.id, mobileNumber: input.mobileNumber, roleCreated: !existingRole, userExisted: Boolean(found) };
  });
}

/**
 * `npm run staff:first-admin -- --mobile <number> --name "<name>"` (compiled: `node dist-server/first-admin.js …`): the
 * database of this configuration (DATABASE_URL, or the embedded one of DATA_DIR while no server holds it), its
 * migrations applied first.
 */
export function firstAdminCommand(args: string[], io: CommandIo = {}): Promise<number> {
  return runCommand(io, async (config, out) => {
    const { flags } = parseFlags(args, { mobile: 'value', name: 'value' }, 0);
    let input: { mobileNumber: string; name: string };
    try {
      input = firstAdminInput({ mobile: flags.mobile as string | undefined, name: flags.name as string | undefined });
    } catch (error) {
      throw error instanceof FirstAdminInputError ? new CommandError(error.message) : error;
    }
    const held = config.databaseUrl || config.databaseInMemory ? null : await hold(config, 'first-admin');
    try {
      const database = await openDatabase(config);
      try {
        const result = await createFirstAdmin(database.db, input).catch((error: unknown) => {
          throw error instanceof FirstAdminInputError ? new CommandError(error.message) : error;
        });
        if (result.roleCreated) out(`Made the role ${FIRST_ADMIN_ROLE} with every permission of the console.`);
        out(`${input.name} (${formatIndianMobile(input.mobileNumber)}) is ${result.userExisted ? 'now' : 'a new'} active staff member with the role ${FIRST_ADMIN_ROLE}.`);
        out('They sign in with that mobile number and the one-time code sent to it; add the other staff and roles in the console.');
      } finally {
        await database.close();
      }
    } finally {
      await held?.release();
    }
    return 0;
  });
}
