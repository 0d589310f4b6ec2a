import { createChargerMachine } from './create-charger.machine';
import type { ScreenMachine } from './machine-table';
import { paletteMachine } from './palette.machine';
import { sessionMachine } from './session.machine';

/** Machines that drive a screen rather than a stored record; docs/workflows.md documents them beside the workflows. */
export const screenMachines: readonly ScreenMachine[] = [
  { machine: sessionMachine, where: 'sign-in and every signed-in page' },
  { machine: createChargerMachine, where: '/charger-management/create' },
  { machine: paletteMachine, where: 'Ctrl+K, from anywhere' },
];
