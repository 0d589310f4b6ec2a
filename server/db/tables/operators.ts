// Tables of the charge point operator resources, exported by name so drizzle-kit writes their migrations
// (charge_point_operators itself is a foundation table in ../schema.ts).
import { resourceTable } from '../resource-tables';

export const whiteLabelApplications = resourceTable('white_label_applications');
export const cpoAccessRequests = resourceTable('cpo_access_requests');
export const cpoLeads = resourceTable('cpo_leads');
export const locationBanks = resourceTable('location_banks');
