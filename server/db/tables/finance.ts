// Tables of the finance and sustain capital resources, exported by name so drizzle-kit writes their migrations.
import { resourceTable } from '../resource-tables';

export const settlements = resourceTable('settlements');
export const settlementBookings = resourceTable('settlement_bookings');
export const payouts = resourceTable('payouts');
export const investmentLeadBundles = resourceTable('investment_lead_bundles');
export const invoices = resourceTable('invoices');
export const postpaidConfigurations = resourceTable('postpaid_configurations');
export const investorBundles = resourceTable('investor_bundles');
export const investmentOpportunities = resourceTable('investment_opportunities');
export const opportunityLeads = resourceTable('opportunity_leads');
export const postpaidBillingPeriods = resourceTable('postpaid_billing_periods');
