import { eq } from 'drizzle-orm';
import { czoUsers, roles, userRoles, users, wallets } from '@server/db/schema';
import { demoStaff, inactiveDemoStaff, type DemoStaff } from './demo-staff';
import type { SeedStep } from './seed-context';
import { seedId } from './seed-id';

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The deterministic user id of a demo staff user. */
export function demoStaffUserId(mobileNumber: string): string {
  return seedId('user', mobileNumber);
}

/** Relative image path (under the image CDN) of a demo staff user's avatar. */
export function demoStaffImage(name: string): string {
  return `avatars/${slug(name)}.svg`;
}

async function seedOne(ctx: Parameters<SeedStep['run']>[0], staff: DemoStaff, active: boolean, index: number): Promise<void> {
  const { tx, now } = ctx;
  const userId = demoStaffUserId(staff.mobileNumber);
  const firstName = staff.name.split(' ')[0]!.toUpperCase();
  await tx
    .insert(users)
    .values({
      id: userId,
      name: staff.name,
      mobileNumber: staff.mobileNumber,
      email: `${slug(staff.name).replace('-', '.')}@czo-demo.example`,
      image: demoStaffImage(staff.name),
      referralCode: `CZO${firstName}${String(index + 1).padStart(2, '0')}`,
      isActive: true,
      createdAt: now,
    })
    .onConflictDoNothing();
  // The number may belong to an existing user (a customer who became staff): use that user.
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.mobileNumber, staff.mobileNumber));
  if (!user) throw new Error(`Staff user ${staff.mobileNumber} could not be seeded`);
  await tx.insert(czoUsers).values({ userId: user.id, designation: staff.designation, isActive: active, createdAt: now }).onConflictDoNothing();
  await tx
    .insert(wallets)
    .values({ id: seedId('wallet', staff.mobileNumber), userId: user.id, credits: 50_000 * (index + 1) })
    .onConflictDoNothing();
  if (staff.role) {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, staff.role));
    if (role) await tx.insert(userRoles).values({ userId: user.id, roleId: role.id }).onConflictDoNothing();
  }
}

/** Seeds the demo staff users (one per role, one with no role, one inactive) with wallets and roles. */
export const seedStaff: SeedStep = {
  name: 'staff users',
  async run(ctx) {
    for (const [index, staff] of demoStaff.entries()) await seedOne(ctx, staff, true, index);
    await seedOne(ctx, inactiveDemoStaff, false, demoStaff.length);
    return demoStaff.length + 1;
  },
};
