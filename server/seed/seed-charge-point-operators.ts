import { chargePointOperators } from '@server/db/schema';
import type { SeedStep } from './seed-context';
import { seedId } from './seed-id';

/** Charge point operators; the first is the network itself. */
export const demoChargePointOperators = [
  { name: 'CZO Network', isOwnNetwork: true },
  { name: 'Sahyadri EV Solutions', isOwnNetwork: false },
  { name: 'Volt Highway Charging', isOwnNetwork: false },
  { name: 'GreenGrid Mobility', isOwnNetwork: false },
  { name: 'Metro Plug Partners', isOwnNetwork: false },
] as const;

/** Seeds the charge point operators. */
export const seedChargePointOperators: SeedStep = {
  name: 'charge point operators',
  async run({ tx, now }) {
    await tx
      .insert(chargePointOperators)
      .values(demoChargePointOperators.map((o) => ({ id: seedId('cpo', o.name), name: o.name, isOwnNetwork: o.isOwnNetwork, createdAt: now })))
      .onConflictDoNothing();
    return demoChargePointOperators.length;
  },
};
