import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '@domain/session';
import type { Database } from '@server/db/database';
import { users, wallets } from '@server/db/schema';
import { permissionsFromText, permissionsTextOf } from './permissions-of';

const buildCurrentUserStatement = (db: Database) =>
  db
    .select({ user: users, wallet: wallets, permissions: permissionsTextOf(users.id) })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('');
const currentUserStatements = new WeakMap<Database, ReturnType<typeof buildCurrentUserStatement>>();

/** The current user's statement, built once per database (the session check runs it on every call). */
function currentUserStatement(db: Database): ReturnType<typeof buildCurrentUserStatement> {
  let statement = currentUserStatements.get(db);
  if (!statement) currentUserStatements.set(db, (statement = buildCurrentUserStatement(db)));
  return statement;
}

/** The CurrentUser answer of verify-otp and the session route, read fresh from the database (one statement). */
export async function loadCurrentUser(db: Database, userId: string, authKey: string): Promise<CurrentUser> {
  const [row] = await currentUserStatement(db).execute({ userId });
  if (!row) throw new Error(`User ${userId} vanished while signed in`);
  const { user, wallet, permissions } = row;
  return {
    authKey,
    userId: user.id,
    mobileNumber: user.mobileNumber,
    name: user.name?.trim() || 'Guest',
    email: user.email,
    image: user.image,
    referralCode: user.referralCode,
    wallet: wallet ? { userId: user.id, userWallet: { walletId: wallet.id, credits: wallet.credits } } : null,
    isActive: user.isActive,
    permissions: permissionsFromText(permissions),
  };
}
