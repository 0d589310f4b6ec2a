// Tables of the tickets resources, exported by name so drizzle-kit writes their migrations.
import { resourceTable } from '../resource-tables';

/** Every ticket of every kind (the kind resources share it, told apart by `kind`). */
export const tickets = resourceTable('tickets');
/** Charger orders. */
export const orders = resourceTable('orders');
