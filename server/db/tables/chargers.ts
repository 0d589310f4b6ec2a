// Tables of the chargers resources, exported by name so drizzle-kit writes their migrations
// (`export const x = resourceTable('x');` with resourceTable from '../resource-tables').
export {};
