import { createServicingMachine } from './servicing.machine';

/** Charger servicing ticket: the servicing machine (machines/servicing.machine.ts) for a charger in the field. */
export const chargerServicingMachine = createServicingMachine('chargerServicing');
