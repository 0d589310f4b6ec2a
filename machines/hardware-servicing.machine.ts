import { createServicingMachine } from './servicing.machine';

/** Hardware servicing ticket: the servicing machine (machines/servicing.machine.ts) for a device sent for repair. */
export const hardwareServicingMachine = createServicingMachine('hardwareServicing');
