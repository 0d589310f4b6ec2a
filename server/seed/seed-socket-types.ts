import { socketTypes } from '@server/db/schema';
import type { SeedStep } from './seed-context';

/** Connector kinds used in India; images live in server/assets/cdn. */
export const demoSocketTypes = [
  { code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', imageRelativePath: '16amp.svg', isActive: true },
  { code: '15AMP_WALL_SOCKET', displayText: '15 Amp Socket', imageRelativePath: '16amp.svg', isActive: true },
  { code: 'TYPE_2', displayText: 'Type 2', imageRelativePath: 'type2.svg', isActive: true },
  { code: 'CCS_2', displayText: 'CCS 2', imageRelativePath: 'ccs2.svg', isActive: true },
  { code: 'CHADEMO', displayText: 'CHAdeMO', imageRelativePath: 'chademo.svg', isActive: true },
  { code: 'GB_T', displayText: 'GB/T', imageRelativePath: 'gbt.svg', isActive: true },
  { code: 'BHARAT_AC_001', displayText: 'Bharat AC-001', imageRelativePath: 'bharat-ac-001.svg', isActive: true },
  { code: 'BHARAT_DC_001', displayText: 'Bharat DC-001', imageRelativePath: 'bharat-dc-001.svg', isActive: true },
  { code: 'LEV_AC', displayText: 'LEV AC (light EV)', imageRelativePath: '16amp.svg', isActive: true },
  { code: 'TYPE_1', displayText: 'Type 1', imageRelativePath: null, isActive: false },
] as const;

/** Seeds the socket types. */
export const seedSocketTypes: SeedStep = {
  name: 'socket types',
  async run({ tx }) {
    await tx.insert(socketTypes).values(demoSocketTypes.map((s) => ({ ...s }))).onConflictDoNothing();
    return demoSocketTypes.length;
  },
};
