// Tables of the leads resources, exported by name so drizzle-kit writes their migrations.
import { resourceTable } from '../resource-tables';

/** Inbound and utilization leads (told apart by `lead_type`). */
export const leads = resourceTable('leads');
