// Tables of the bookings resources, exported by name so drizzle-kit writes their migrations.
import { resourceTable } from '../resource-tables';

export const bookings = resourceTable('bookings');
export const promoCodes = resourceTable('promo_codes');
