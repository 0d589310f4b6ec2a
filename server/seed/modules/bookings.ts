import type { SeedStep } from '../seed-context';
import { seedBookingPayments, seedBookings, seedPromoCodes } from '../seed-bookings';

/** Seed steps of the bookings resources, in dependency order (after users and chargers). */
export const bookingSeedSteps: readonly SeedStep[] = [seedPromoCodes, seedBookings, seedBookingPayments];
