import type { SeedStep } from '../seed-context';
import { seedOrders } from '../seed-orders';
import { seedTickets } from '../seed-tickets';

/** Seed steps of the tickets resources, in dependency order (orders first: delivery tickets point at them). */
export const ticketSeedSteps: readonly SeedStep[] = [seedOrders, seedTickets];
