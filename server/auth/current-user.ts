import { eq } from 'drizzle-orm';
import type { CurrentUser } from '@domain/session';
import type { Database } from '@server/db/database';
import { users, wallets } from '@server/db/schema';
import { permissionsFromText, permissionsTextOf } from './permissions-of';

/** The CurrentUser answer of verify-otp and the session route, read fresh from the database (one statement). */
export async function loadCurrentUser(db: Database, userId: string, authKey: string): Promise<CurrentUser> {
  const [row] = await db
    .select({ user: users, wallet: wallets, permissions: permissionsTextOf(users.id) })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
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
