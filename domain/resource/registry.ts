import type { Resource } from './define-resource';
import { hardwareResource } from '@domain/resources/chargers/hardware';
import { transactionResource } from '@domain/resources/transactions/transaction';
import { ocppTransactionResource } from '@domain/resources/transactions/ocpp-transaction';
import { flextronTransactionResource } from '@domain/resources/transactions/flextron-transaction';
import { chargerResource } from '@domain/resources/chargers/charger';
import { locationResource } from '@domain/resources/places/location';
import { otherNetworkChargerResource } from '@domain/resources/chargers/other-network-charger';
import { hardwareReplacementResource } from '@domain/resources/chargers/hardware-replacement';
import { rfidHistoryResource } from '@domain/resources/rfid/rfid-history';
import { rfidCardResource } from '@domain/resources/rfid/rfid-card';
import { authorizeHistoryResource } from '@domain/resources/transactions/authorize-history';
import { operationalZoneResource } from '@domain/resources/zones/operational-zone';
import { riskZoneResource } from '@domain/resources/zones/risk-zone';
import { warehouseResource } from '@domain/resources/chargers/warehouse';
import { ticketResource } from '@domain/resources/tickets/ticket';
import { siteInspectionTicketResource } from '@domain/resources/tickets/site-inspection-ticket';
import { chargerApprovalTicketResource } from '@domain/resources/tickets/charger-approval-ticket';
import { hardwareServicingTicketResource } from '@domain/resources/tickets/hardware-servicing-ticket';
import { chargerServicingTicketResource } from '@domain/resources/tickets/charger-servicing-ticket';
import { customerSupportTicketResource } from '@domain/resources/tickets/customer-support-ticket';
import { demoTicketResource } from '@domain/resources/tickets/demo-ticket';
import { bundleTicketResource } from '@domain/resources/tickets/bundle-ticket';
import { bookingAnomalyTicketResource } from '@domain/resources/tickets/booking-anomaly-ticket';
import { deliveryTicketResource } from '@domain/resources/tickets/delivery-ticket';
import { consignmentTicketResource } from '@domain/resources/tickets/consignment-ticket';
import { installationTicketResource } from '@domain/resources/tickets/installation-ticket';
import { orderResource } from '@domain/resources/orders/order';
import { leadResource } from '@domain/resources/leads/lead';
import { utilizationLeadResource } from '@domain/resources/leads/utilization-lead';
import { userResource } from '@domain/resources/users/user';
import { hostResource } from '@domain/resources/hosts/host';
import { hostSupportRequestResource } from '@domain/resources/hosts/host-support-request';
import { groupResource } from '@domain/resources/groups/group';
import { groupMemberResource } from '@domain/resources/groups/group-member';
import { bankDetailResource } from '@domain/resources/users/bank-detail';
import { appliedReferralResource } from '@domain/resources/users/applied-referral';
import { walletResource } from '@domain/resources/wallets/wallet';
import { czoUserResource } from '@domain/resources/users/czo-user';
import { roleResource } from '@domain/resources/access/role';
import { userRoleResource } from '@domain/resources/access/user-role';
import { blockedNumberResource } from '@domain/resources/users/blocked-number';
import { topUpRequestResource } from '@domain/resources/wallets/top-up-request';
import { creditRequestResource } from '@domain/resources/wallets/credit-request';
import { walletLedgerResource } from '@domain/resources/wallets/wallet-ledger';
import { bookingResource } from '@domain/resources/bookings/booking';
import { promoCodeResource } from '@domain/resources/bookings/promo-code';
import { settlementResource } from '@domain/resources/settlements/settlement';
import { settlementBookingResource } from '@domain/resources/settlements/settlement-booking';
import { payoutResource } from '@domain/resources/settlements/payout';
import { investmentLeadBundleResource } from '@domain/resources/investments/investment-lead-bundle';
import { invoiceResource } from '@domain/resources/invoices/invoice';
import { postpaidBillingResource } from '@domain/resources/postpaid/postpaid-billing';
import { postpaidBillingPeriodResource } from '@domain/resources/postpaid/postpaid-billing-period';
import { investorBundleResource } from '@domain/resources/investments/investor-bundle';
import { investmentOpportunityResource } from '@domain/resources/investments/investment-opportunity';
import { opportunityLeadResource } from '@domain/resources/investments/opportunity-lead';
import { chargePointOperatorResource } from '@domain/resources/operators/charge-point-operator';
import { whiteLabelApplicationResource } from '@domain/resources/operators/white-label-application';
import { cpoAccessRequestResource } from '@domain/resources/operators/cpo-access-request';
import { cpoLeadResource } from '@domain/resources/operators/cpo-lead';
import { locationBankResource } from '@domain/resources/places/location-bank';
import { notificationTemplateResource } from '@domain/resources/notifications/notification-template';
import { auditConfigurationResource } from '@domain/resources/audit/audit-configuration';
import { socketTypeResource } from '@domain/resources/catalogue/socket-type';
import { cityResource } from '@domain/resources/places/city';
import { newsResource } from '@domain/resources/content/news';
import { jobResource } from '@domain/resources/content/job';
import { knowledgeHubResource } from '@domain/resources/content/knowledge-hub';
import { productResource } from '@domain/resources/catalogue/product';
import { vendorResource } from '@domain/resources/catalogue/vendor';
import { ignoredErrorCodeResource } from '@domain/resources/chargers/ignored-error-code';
import { outboundCallLogResource } from '@domain/resources/notifications/outbound-call-log';
import { smsNotificationLogResource } from '@domain/resources/notifications/sms-notification-log';
import { whatsappNotificationLogResource } from '@domain/resources/notifications/whatsapp-notification-log';
import { vehicleResource } from '@domain/resources/catalogue/vehicle';
import { downloadConfigurationResource } from '@domain/resources/downloads/download-configuration';
import { downloadResource } from '@domain/resources/downloads/download';
import { advertisementResource } from '@domain/resources/content/advertisement';

/** Every resource of the console, in menu order: the order their routes are registered in. */
export const resources: readonly Resource[] = [
  // Chargers, their hardware, transactions, locations, RFID and zones (charger management).
  hardwareResource,
  transactionResource,
  ocppTransactionResource,
  flextronTransactionResource,
  chargerResource,
  locationResource,
  otherNetworkChargerResource,
  // RFID History before RFID cards: its list `rfid-card/history` is registered before the cards' `rfid-card/:id`.
  hardwareReplacementResource,
  rfidHistoryResource,
  rfidCardResource,
  authorizeHistoryResource,
  operationalZoneResource,
  riskZoneResource,
  warehouseResource,
  // Tickets of every kind and orders.
  ticketResource,
  siteInspectionTicketResource,
  chargerApprovalTicketResource,
  hardwareServicingTicketResource,
  chargerServicingTicketResource,
  customerSupportTicketResource,
  demoTicketResource,
  bundleTicketResource,
  bookingAnomalyTicketResource,
  deliveryTicketResource,
  consignmentTicketResource,
  installationTicketResource,
  orderResource,
  // Leads.
  leadResource,
  utilizationLeadResource,
  // Users, wallets, hosts, groups, CZO staff, bank details, referrals, roles and blocked numbers.
  userResource,
  hostResource,
  hostSupportRequestResource,
  groupResource,
  groupMemberResource,
  bankDetailResource,
  appliedReferralResource,
  walletResource,
  czoUserResource,
  roleResource,
  userRoleResource,
  blockedNumberResource,
  // Wallet requests and the wallet history.
  topUpRequestResource,
  creditRequestResource,
  walletLedgerResource,
  // Bookings and promo codes.
  bookingResource,
  promoCodeResource,
  // Finance and Sustain Capital.
  settlementResource,
  settlementBookingResource,
  payoutResource,
  investmentLeadBundleResource,
  invoiceResource,
  postpaidBillingResource,
  postpaidBillingPeriodResource,
  investorBundleResource,
  investmentOpportunityResource,
  opportunityLeadResource,
  // Charge point operators and the location bank.
  chargePointOperatorResource,
  whiteLabelApplicationResource,
  cpoAccessRequestResource,
  cpoLeadResource,
  locationBankResource,
  // Global data management, then downloads and ads.
  notificationTemplateResource,
  auditConfigurationResource,
  socketTypeResource,
  cityResource,
  newsResource,
  jobResource,
  knowledgeHubResource,
  productResource,
  vendorResource,
  ignoredErrorCodeResource,
  outboundCallLogResource,
  smsNotificationLogResource,
  whatsappNotificationLogResource,
  vehicleResource,
  // Download configurations before downloads: `/upload-service/download/config` is registered before `/upload-service/download/:id`.
  downloadConfigurationResource,
  downloadResource,
  advertisementResource,
];

const byName = new Map(resources.map((r) => [r.name, r]));

/** The resource of that name; throws for an unknown name (a programming error). */
export function resourceByName(name: string): Resource {
  const found = byName.get(name);
  if (!found) throw new Error(`Unknown resource "${name}"`);
  return found;
}

/** The resource of that name, or undefined. */
export function findResource(name: string): Resource | undefined {
  return byName.get(name);
}

/**
 * The resource a record belongs to: itself, or for a cross-kind resource over a shared table (every ticket's
 * `tickets`) the kind's own resource whose fixed values the record has, so its workflow and history apply.
 */
export function ownResourceOf(resource: Resource, record: Readonly<Record<string, unknown>>): Resource {
  if (resource.fixed) return resource;
  return resources.find((r) => r.table === resource.table && r.fixed && Object.entries(r.fixed).every(([field, value]) => record[field] === value)) ?? resource;
}
