// Tables of the global-data resources, exported by name so drizzle-kit writes their migrations.
import { resourceTable } from '../resource-tables';

export const vendors = resourceTable('vendors');
