// Tables of the wallet resources (domain/resources/wallets/), exported by name so drizzle-kit writes their
// migrations. The wallet ledger is a view (./ledger.ts), not a built table.
import { resourceTable } from '../resource-tables';

export const topUpRequests = resourceTable('top_up_requests');
export const creditRequests = resourceTable('credit_requests');
