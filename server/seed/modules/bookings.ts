import type { SeedStep } from '../seed-context';
import { seedBookingPayments, seedBookings, seedPromoCodes } from '../seed-bookings';
import { seedChargingSessions } from '../seed-charging-sessions';

/** Seed steps of the bookings resources, in dependency order (after users and chargers; sessions after their bookings). */
export const bookingSeedSteps: readonly SeedStep[] = [seedPromoCodes, seedBookings, seedChargingSessions, seedBookingPayments];
