// Reference data of global data management: press, careers, knowledge hub, products, vehicles, ignored error
// codes, notification templates, audit and download configuration, ads. Fixed-size lists (scale does not apply);
// each step inserts only the rows past those already there (or skips rows whose unique key exists).
import type { ConfiguredColumn } from '@domain/downloads';
import { resources } from '@domain/resource/registry';
import {
  advertisements,
  auditConfigurations,
  downloadConfigurations,
  featuredIn,
  ignoredErrorCodes,
  jobs,
  knowledgeHubLinks,
  notificationTemplates,
  products,
  vehicles,
  vendors,
} from '@server/db/tables/global-data';
import type { ResourceTable } from '@server/resources/build-tables';
import type { SeedContext, SeedStep } from './seed-context';
import { demoChargePointOperators } from './seed-charge-point-operators';
import { demoCityId, demoCities } from './seed-cities';
import { seedId } from './seed-id';
import { rowCount, slug } from './seed-sql';

const DAY = 86_400_000;

/** YYYY-MM-DD of `now` minus `days` (UTC). */
export function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY).toISOString().slice(0, 10);
}

const cityId = (name: string) => {
  const city = demoCities.find((c) => c.name === name);
  if (!city) throw new Error(`Unknown demo city ${name}`);
  return demoCityId(city.name, city.state);
};

/** Inserts the rows of a fixed list past the number already stored (top-up); returns the list size. */
async function topUp<T>(ctx: SeedContext, table: ResourceTable, list: readonly T[], toRow: (item: T, index: number) => Record<string, unknown>): Promise<number> {
  const existing = await rowCount(ctx.tx, table);
  const rows = list.slice(existing).map((item, i) => {
    const index = existing + i;
    const createdAt = new Date(ctx.now.getTime() - (list.length - index) * 7 * DAY);
    return { createdAt, updatedAt: createdAt, ...toRow(item, index) };
  });
  if (rows.length > 0) await ctx.tx.insert(table).values(rows).onConflictDoNothing();
  return list.length;
}

/** Press coverage: [title, publication]. */
export const demoNews: readonly (readonly [string, string])[] = [
  ['CZO crosses 10,000 public charge points across India', 'The Economic Times'],
  ['How kirana stores are becoming EV charging hubs', 'Mint'],
  ['CZO raises Series B to expand charging in tier-2 cities', 'Inc42'],
  ['Bengaluru apartments turn to shared EV chargers', 'The Hindu'],
  ['The startup putting chargers in every residential society', 'YourStory'],
  ['EV charging networks race to cover highway corridors', 'Business Standard'],
  ['CZO and a leading oil marketer partner for fast chargers', 'Financial Express'],
  ['Two-wheeler charging demand doubles in a year', 'ET Auto'],
  ['Inside the operations room of an EV charging network', 'Moneycontrol'],
  ['Why Bharat AC-001 chargers still matter for fleets', 'Autocar India'],
  ['Charging as a service: new income for property owners', 'Hindustan Times'],
  ['CZO launches 60 kW DC chargers on the Mumbai–Pune Expressway', 'Times of India'],
  ['Delivery fleets switch to overnight depot charging', 'The Hindu BusinessLine'],
  ['Women-led field teams install chargers across Kerala', 'The News Minute'],
  ['EV charging tariffs explained: what drivers pay per kWh', 'NDTV Auto'],
  ['CZO opens charging network to third-party operators', 'Entrackr'],
  ['Smart load balancing lets societies add chargers without new feeders', 'Mint'],
  ['CZO named among India’s top climate-tech startups', 'Forbes India'],
  ['Electric three-wheelers find a home at neighbourhood chargers', 'The Economic Times'],
  ['Chargers at hospitals: a quiet EV revolution', 'Indian Express'],
  ['CZO’s app crosses one million downloads', 'YourStory'],
  ['What India’s EV policy means for charging operators', 'Business Standard'],
  ['Hotels add EV chargers as road trips go electric', 'Condé Nast Traveller India'],
  ['Investors back charging infrastructure as EV sales rise', 'Inc42'],
  ['CZO expands to Bhubaneswar and Visakhapatnam', 'The Hindu'],
  ['Tech parks in Hyderabad electrify staff parking', 'Deccan Chronicle'],
  ['Fast charging on the Delhi–Jaipur highway gets easier', 'Hindustan Times'],
  ['Charger uptime: the metric that matters most', 'ET Auto'],
  ['CZO pilots RFID cards for fleet drivers', 'Financial Express'],
  ['How an EV charging network handles a monsoon', 'Moneycontrol'],
];

/** Open positions: [title, department, city, years, employment type]. */
export const demoJobs: readonly (readonly [string, string, string, number, string])[] = [
  ['Field Service Engineer', 'FIELD_SERVICES', 'Bengaluru', 2, 'FULL_TIME'],
  ['Senior Backend Engineer', 'ENGINEERING', 'Bengaluru', 5, 'FULL_TIME'],
  ['City Operations Manager', 'OPERATIONS', 'Mumbai', 6, 'FULL_TIME'],
  ['Charger Installation Technician', 'FIELD_SERVICES', 'Pune', 1, 'FULL_TIME'],
  ['Business Development Executive', 'SALES', 'New Delhi', 2, 'FULL_TIME'],
  ['Customer Support Associate (Hindi)', 'CUSTOMER_SUPPORT', 'Gurugram', 0, 'FULL_TIME'],
  ['Product Manager, Host App', 'PRODUCT', 'Bengaluru', 4, 'FULL_TIME'],
  ['Accounts Executive', 'FINANCE', 'Bengaluru', 3, 'FULL_TIME'],
  ['Site Surveyor', 'OPERATIONS', 'Hyderabad', 1, 'CONTRACT'],
  ['Embedded Firmware Engineer', 'ENGINEERING', 'Bengaluru', 3, 'FULL_TIME'],
  ['Talent Acquisition Partner', 'HUMAN_RESOURCES', 'Bengaluru', 3, 'FULL_TIME'],
  ['Customer Support Associate (Tamil)', 'CUSTOMER_SUPPORT', 'Chennai', 0, 'PART_TIME'],
  ['Data Analyst Intern', 'PRODUCT', 'Bengaluru', 0, 'INTERNSHIP'],
  ['Key Account Manager, Fleets', 'SALES', 'Mumbai', 5, 'FULL_TIME'],
  ['Field Service Engineer', 'FIELD_SERVICES', 'Kochi', 2, 'FULL_TIME'],
];

const knowledgeTopics: readonly string[] = [
  'Start a charging session with the app',
  'Pay with your CZO wallet',
  'Find a charger on the map',
  'Charge with an RFID card',
  'Understand your charging invoice',
  'Choose the right socket for your vehicle',
  'Charge an electric scooter safely',
  'Host a charger at your shop',
  'Track your host earnings and payouts',
  'What to do when a charger is offline',
  'Book a charger in advance',
  'Cancel a booking and get a refund',
  'Charging in the monsoon: safety tips',
  'How load balancing works in societies',
  'Set up a fleet account',
  'Use promo and referral codes',
  'Read the charger status lights',
  'Install a charger in your apartment',
  'Know your battery: kWh and range',
  'Report a problem with a charger',
];

/** Knowledge hub entries: each topic as a guide, then as a short video. */
export const demoKnowledgeHub: readonly (readonly [string, string])[] = [
  ...knowledgeTopics.map((t, i) => [t, i % 7 === 3 ? 'FAQ' : i % 9 === 4 ? 'POLICY' : 'GUIDE'] as const),
  ...knowledgeTopics.map((t, i) => [`Video: ${t}`, i % 5 === 2 ? 'CASE_STUDY' : 'VIDEO'] as const),
];

/** Products: [name, sku, power type, price in rupees, warranty months]. */
export const demoProducts: readonly (readonly [string, string, string, number, number])[] = [
  ['CZO Plug 3.3 kW (GSM)', 'CZO-AC-3K3-GSM', 'AC_3_3KW', 14_999, 12],
  ['CZO Plug 3.3 kW (Wi-Fi)', 'CZO-AC-3K3-WIFI', 'AC_3_3KW', 12_999, 12],
  ['CZO Wallbox 7.4 kW', 'CZO-AC-7K4-WB', 'AC_7_4KW', 39_999, 24],
  ['CZO Wallbox 7.4 kW with RFID', 'CZO-AC-7K4-RFID', 'AC_7_4KW', 46_999, 24],
  ['CZO Pillar 22 kW', 'CZO-AC-22K-PL', 'AC_22KW', 1_19_999, 24],
  ['CZO Pillar 22 kW Dual', 'CZO-AC-22K-PL2', 'AC_22KW', 1_84_999, 24],
  ['CZO Bharat DC-001 15 kW', 'CZO-DC-15K-001', 'DC_15KW_001', 2_49_000, 24],
  ['CZO Bharat DC-001 15 kW Fleet', 'CZO-DC-15K-001F', 'DC_15KW_001', 2_69_000, 36],
  ['CZO Fast 30 kW CCS 2', 'CZO-DC-30K-CCS2', 'DC_30KW_CCS2', 6_75_000, 36],
  ['CZO Fast 30 kW CCS 2 + Type 2', 'CZO-DC-30K-CCS2T2', 'DC_30KW_CCS2', 7_45_000, 36],
  ['CZO Rapid 60 kW CCS 2', 'CZO-DC-60K-CCS2', 'DC_60KW_CCS2', 11_90_000, 36],
  ['CZO Rapid 60 kW Dual CCS 2', 'CZO-DC-60K-CCS2D', 'DC_60KW_CCS2', 13_50_000, 60],
];

/** Indian EV models: [make, model, category, battery kWh, connector socket code]. */
export const demoVehicles: readonly (readonly [string, string, string, number, string])[] = [
  ['Tata', 'Nexon EV Medium Range', 'FOUR_WHEELER', 30, 'CCS_2'],
  ['Tata', 'Nexon EV Long Range', 'FOUR_WHEELER', 40.5, 'CCS_2'],
  ['Tata', 'Tiago EV', 'FOUR_WHEELER', 24, 'CCS_2'],
  ['Tata', 'Tigor EV', 'FOUR_WHEELER', 26, 'CCS_2'],
  ['Tata', 'Punch EV', 'FOUR_WHEELER', 35, 'CCS_2'],
  ['Tata', 'Curvv EV', 'FOUR_WHEELER', 55, 'CCS_2'],
  ['Tata', 'Harrier EV', 'FOUR_WHEELER', 75, 'CCS_2'],
  ['Tata', 'Xpres-T EV', 'FOUR_WHEELER', 21.5, 'BHARAT_DC_001'],
  ['MG', 'ZS EV', 'FOUR_WHEELER', 50.3, 'CCS_2'],
  ['MG', 'Comet EV', 'FOUR_WHEELER', 17.3, 'TYPE_2'],
  ['MG', 'Windsor EV', 'FOUR_WHEELER', 38, 'CCS_2'],
  ['Hyundai', 'Kona Electric', 'FOUR_WHEELER', 39.2, 'CCS_2'],
  ['Hyundai', 'Ioniq 5', 'FOUR_WHEELER', 72.6, 'CCS_2'],
  ['Hyundai', 'Creta Electric', 'FOUR_WHEELER', 51.4, 'CCS_2'],
  ['Kia', 'EV6', 'FOUR_WHEELER', 77.4, 'CCS_2'],
  ['Kia', 'EV9', 'FOUR_WHEELER', 99.8, 'CCS_2'],
  ['Mahindra', 'XUV400 EV', 'FOUR_WHEELER', 39.4, 'CCS_2'],
  ['Mahindra', 'BE 6', 'FOUR_WHEELER', 79, 'CCS_2'],
  ['Mahindra', 'XEV 9e', 'FOUR_WHEELER', 79, 'CCS_2'],
  ['Mahindra', 'e-Verito', 'FOUR_WHEELER', 21.2, 'BHARAT_DC_001'],
  ['BYD', 'Atto 3', 'FOUR_WHEELER', 60.48, 'CCS_2'],
  ['BYD', 'Seal', 'FOUR_WHEELER', 82.56, 'CCS_2'],
  ['BYD', 'eMAX 7', 'FOUR_WHEELER', 71.8, 'CCS_2'],
  ['Citroën', 'eC3', 'FOUR_WHEELER', 29.2, 'CCS_2'],
  ['BMW', 'iX1', 'FOUR_WHEELER', 66.4, 'CCS_2'],
  ['Mercedes-Benz', 'EQS 580', 'FOUR_WHEELER', 107.8, 'CCS_2'],
  ['Volvo', 'EX40', 'FOUR_WHEELER', 78, 'CCS_2'],
  ['MINI', 'Cooper SE', 'FOUR_WHEELER', 32.6, 'CCS_2'],
  ['Porsche', 'Taycan', 'FOUR_WHEELER', 93.4, 'CCS_2'],
  ['Nissan', 'Leaf', 'FOUR_WHEELER', 40, 'CHADEMO'],
  ['Mahindra', 'Treo', 'THREE_WHEELER', 7.37, '15AMP_WALL_SOCKET'],
  ['Mahindra', 'Treo Zor', 'THREE_WHEELER', 7.37, '15AMP_WALL_SOCKET'],
  ['Piaggio', 'Ape E-City FX Max', 'THREE_WHEELER', 8, '15AMP_WALL_SOCKET'],
  ['Piaggio', 'Ape E-Xtra FX Max', 'THREE_WHEELER', 8, '15AMP_WALL_SOCKET'],
  ['Bajaj', 'RE E-TEC 9.0', 'THREE_WHEELER', 8.9, '15AMP_WALL_SOCKET'],
  ['Euler', 'HiLoad EV', 'THREE_WHEELER', 12.4, 'BHARAT_DC_001'],
  ['Kinetic Green', 'Safar Smart', 'THREE_WHEELER', 5.6, '15AMP_WALL_SOCKET'],
  ['Altigreen', 'neEV HD', 'THREE_WHEELER', 11, 'LEV_AC'],
  ['TVS', 'King EV Max', 'THREE_WHEELER', 9.2, '15AMP_WALL_SOCKET'],
  ['Montra Electric', 'Super Auto', 'THREE_WHEELER', 10, 'LEV_AC'],
  ['Omega Seiki', 'Stream City', 'THREE_WHEELER', 8, '15AMP_WALL_SOCKET'],
  ['Atul', 'Mobili', 'THREE_WHEELER', 8, '15AMP_WALL_SOCKET'],
  ['Ather', '450X', 'TWO_WHEELER', 3.7, 'LEV_AC'],
  ['Ather', '450S', 'TWO_WHEELER', 2.9, 'LEV_AC'],
  ['Ather', 'Rizta Z', 'TWO_WHEELER', 3.7, 'LEV_AC'],
  ['Ola', 'S1 Pro', 'TWO_WHEELER', 4, '16AMP_WALL_SOCKET'],
  ['Ola', 'S1 Air', 'TWO_WHEELER', 3, '16AMP_WALL_SOCKET'],
  ['Ola', 'S1 X', 'TWO_WHEELER', 4, '16AMP_WALL_SOCKET'],
  ['TVS', 'iQube S', 'TWO_WHEELER', 3.4, '16AMP_WALL_SOCKET'],
  ['TVS', 'iQube ST', 'TWO_WHEELER', 5.1, '16AMP_WALL_SOCKET'],
  ['Bajaj', 'Chetak Premium', 'TWO_WHEELER', 3.2, '16AMP_WALL_SOCKET'],
  ['Bajaj', 'Chetak 3501', 'TWO_WHEELER', 3.5, '16AMP_WALL_SOCKET'],
  ['Hero', 'Vida V1 Pro', 'TWO_WHEELER', 3.94, '16AMP_WALL_SOCKET'],
  ['Ampere', 'Nexus', 'TWO_WHEELER', 3, '16AMP_WALL_SOCKET'],
  ['Revolt', 'RV400', 'TWO_WHEELER', 3.24, '16AMP_WALL_SOCKET'],
  ['Ultraviolette', 'F77 Mach 2', 'TWO_WHEELER', 10.3, 'TYPE_2'],
  ['Simple Energy', 'Simple One', 'TWO_WHEELER', 5, '16AMP_WALL_SOCKET'],
  ['River', 'Indie', 'TWO_WHEELER', 4, '16AMP_WALL_SOCKET'],
  ['Honda', 'QC1', 'TWO_WHEELER', 1.5, '16AMP_WALL_SOCKET'],
  ['Kinetic Green', 'E-Luna', 'TWO_WHEELER', 2, '16AMP_WALL_SOCKET'],
];

const ocppErrorCodes = [
  'ConnectorLockFailure',
  'EVCommunicationError',
  'GroundFailure',
  'HighTemperature',
  'InternalError',
  'LocalListConflict',
  'OtherError',
  'OverCurrentFailure',
  'OverVoltage',
  'PowerMeterFailure',
  'PowerSwitchFailure',
  'ReaderFailure',
  'ResetFailure',
  'UnderVoltage',
  'WeakSignal',
  'NoError',
] as const;

const vendorErrorCodes: readonly (readonly [string, string, string])[] = [
  ['CHARGE_MOD_BHARAT_AC', 'E01', 'Input under-voltage (grid sag) — recovers on its own'],
  ['CHARGE_MOD_BHARAT_AC', 'E02', 'Input over-voltage spike'],
  ['CHARGE_MOD_BHARAT_AC', 'E07', 'Control pilot fault while the vehicle wakes up'],
  ['CHARGE_MOD_BHARAT_AC', 'E11', 'RTC battery low'],
  ['CHARGE_MOD_BHARAT_AC', 'E14', 'GPRS reconnect'],
  ['CHARGE_MOD_BHARAT_AC', 'E19', 'Emergency stop released'],
  ['MEKR_OMNI', 'MK-101', 'Bluetooth pairing timeout'],
  ['MEKR_OMNI', 'MK-104', 'Meter reading delayed'],
  ['MEKR_OMNI', 'MK-210', 'Relay weld check skipped after power cut'],
  ['MEKR_OMNI', 'MK-305', 'Firmware update pending'],
  ['MEKR_OMNI', 'MK-312', 'SIM signal weak'],
  ['MEKR_OMNI', 'MK-401', 'Ambient temperature high (derating)'],
  ['EV_POINT_CHARGER', 'EVP-03', 'Socket 2 idle current leak below threshold'],
  ['EV_POINT_CHARGER', 'EVP-08', 'Heartbeat missed once'],
  ['EV_POINT_CHARGER', 'EVP-12', 'Earth leakage self-test skipped'],
  ['EV_POINT_CHARGER', 'EVP-15', 'Display module not detected'],
  ['EV_POINT_CHARGER', 'EVP-21', 'Door open sensor triggered'],
  ['EV_POINT_CHARGER', 'EVP-27', 'Clock drift corrected'],
  ['OCPP_16_JSON_CHARGER', 'ABB-0x2003', 'Vendor: cooling fan speed low'],
  ['OCPP_16_JSON_CHARGER', 'ABB-0x3011', 'Vendor: insulation check repeated'],
  ['OCPP_16_JSON_CHARGER', 'DELTA-E120', 'Vendor: RFID reader reinitialised'],
  ['OCPP_16_JSON_CHARGER', 'DELTA-E301', 'Vendor: modem reboot'],
  ['OCPP_16_JSON_CHARGER', 'EXICOM-417', 'Vendor: door interlock bypassed for service'],
  ['OCPP_16_JSON_CHARGER', 'EXICOM-522', 'Vendor: power module standby'],
];

/** Ignored error codes: OCPP 1.6 status error codes, then vendor codes of the other charger types. */
export const demoIgnoredErrorCodes: readonly (readonly [string, string, string])[] = [
  ...ocppErrorCodes.map((code) => ['OCPP_16_JSON_CHARGER', code, `OCPP 1.6 StatusNotification errorCode ${code}: transient, auto-recovers`] as const),
  ...vendorErrorCodes,
];

const WA = (name: string, variables: string) => [
  { templateName: name, language: 'en', variables },
  { templateName: `${name}_hi`, language: 'hi', variables },
];

/** Notification templates: [templateId, channel, sms text or null, whatsapp variables or null]. */
export const demoNotificationTemplates: readonly (readonly [string, string, string | null, string | null])[] = [
  ['BOOKING_CONFIRMED', 'WHATSAPP', null, 'name, bookingId, chargerName, slot'],
  ['CHARGING_STARTED', 'PUSH', null, null],
  ['CHARGING_STOPPED', 'SMS', 'Charging stopped at {#var#}. Energy {#var#} kWh, amount Rs {#var#}. -CZO', null],
  ['CHARGING_RECEIPT', 'WHATSAPP', null, 'name, energyKwh, amount, invoiceLink'],
  ['LOW_WALLET_BALANCE', 'SMS', 'Your CZO wallet balance is Rs {#var#}. Top up to keep charging: {#var#} -CZO', null],
  ['WALLET_TOPUP_SUCCESS', 'PUSH', null, null],
  ['REFUND_PROCESSED', 'SMS', 'Refund of Rs {#var#} for booking {#var#} is credited to your CZO wallet. -CZO', null],
  ['HOST_PAYOUT_SETTLED', 'WHATSAPP', null, 'hostName, amount, utr, period'],
  ['INVOICE_GENERATED', 'EMAIL', null, null],
  ['INVOICE_REMINDER', 'SMS', 'Invoice {#var#} of Rs {#var#} is unpaid, due on {#var#}. Pay in the CZO app to keep charging. -CZO', null],
  ['TICKET_CREATED', 'SMS', 'We have logged your request {#var#}. Our team will call you within 24 hours. -CZO', null],
  ['TICKET_RESOLVED', 'WHATSAPP', null, 'name, ticketId'],
  ['TECHNICIAN_ASSIGNED', 'SMS', 'Technician {#var#} ({#var#}) will visit on {#var#} for ticket {#var#}. -CZO', null],
  ['INSTALLATION_SCHEDULED', 'WHATSAPP', null, 'hostName, date, technicianName'],
  ['INSTALLATION_COMPLETED', 'PUSH', null, null],
  ['DELIVERY_DISPATCHED', 'SMS', 'Your CZO charger is dispatched. Track: {#var#} -CZO', null],
  ['DELIVERY_OUT_FOR_DELIVERY', 'WHATSAPP', null, 'name, partnerName, phone'],
  ['CHARGER_OFFLINE_ALERT', 'PUSH', null, null],
  ['PROMO_CODE_APPLIED', 'PUSH', null, null],
  ['REFERRAL_REWARD', 'WHATSAPP', null, 'name, rewardAmount'],
  ['RFID_CARD_ISSUED', 'SMS', 'RFID card ending {#var#} is linked to your CZO account. -CZO', null],
  ['SITE_INSPECTION_SCHEDULED', 'WHATSAPP', null, 'hostName, date, surveyorName'],
  ['SETTLEMENT_NOTIFIED', 'EMAIL', null, null],
  ['BOOKING_CANCELLED', 'SMS', 'Booking {#var#} is cancelled. Any amount paid is refunded to your wallet. -CZO', null],
  ['IDLE_FEE_WARNING', 'PUSH', null, null],
  ['WHITE_LABEL_WELCOME', 'WHATSAPP', null, 'name, operatorName'],
];

/** Download configuration per report type: columns as [field, header] (fields of the report's list) and the row limit. */
export const demoDownloadConfigurations: readonly (readonly [string, readonly (readonly [string, string])[], number])[] = [
  ['BOOKINGS', [['id', 'Booking'], ['chargerId', 'Charger'], ['userId', 'Customer name'], ['userPhone', 'Customer'], ['startedAt', 'Started'], ['energyWh', 'Energy'], ['amount', 'Amount'], ['status', 'Status'], ['paymentMode', 'Payment mode'], ['cityId', 'City']], 500_000],
  ['CHARGERS', [['uniqueId', 'Charger'], ['chargerType', 'Type'], ['cityId', 'City'], ['connectivityStatus', 'Status'], ['hostId', 'Host']], 100_000],
  ['USERS', [['id', 'User'], ['name', 'Name'], ['mobileNumber', 'Mobile'], ['createdAt', 'Joined']], 200_000],
  ['WALLET_LEDGER', [['userId', 'User'], ['credits', 'Balance'], ['updatedAt', 'Updated']], 500_000],
  ['SETTLEMENTS', [['id', 'Settlement'], ['hostId', 'Host'], ['netPayable', 'Net payable'], ['status', 'Status'], ['utrReference', 'UTR']], 50_000],
  ['PAYOUTS', [['id', 'Payout'], ['beneficiaryId', 'Beneficiary'], ['amount', 'Amount'], ['status', 'Status'], ['scheduledDate', 'Scheduled']], 50_000],
  ['INVOICES', [['invoiceNumber', 'Invoice'], ['customerId', 'Customer'], ['taxableAmount', 'Taxable'], ['cgst', 'CGST'], ['sgst', 'SGST'], ['igst', 'IGST'], ['totalAmount', 'Total']], 100_000],
  ['TICKETS', [['id', 'Ticket'], ['kind', 'Kind'], ['status', 'Status'], ['assignee', 'Assignee'], ['dueDate', 'Due']], 100_000],
  ['LEADS', [['name', 'Name'], ['phone', 'Mobile'], ['city', 'City'], ['leadLevel', 'Level']], 100_000],
  ['OUTBOUND_CALLS', [['staff', 'Staff'], ['customerPhone', 'Customer'], ['durationSeconds', 'Duration (s)'], ['status', 'Status'], ['createdAt', 'Called at']], 200_000],
];

/** Ads: [title, placement, city name or null]. */
export const demoAds: readonly (readonly [string, string, string | null])[] = [
  ['Flat 20% off your first charge', 'HOME_BANNER', null],
  ['Monsoon safety: charge under cover', 'HOME_BANNER', 'Mumbai'],
  ['New 60 kW chargers on the expressway', 'HOME_BANNER', 'Pune'],
  ['Refer a friend, earn Rs 100', 'BOOKING_COMPLETE', null],
  ['Top up Rs 1,000, get Rs 50 extra', 'BOOKING_COMPLETE', null],
  ['Host a charger at your shop', 'CHARGER_DETAIL', 'Bengaluru'],
  ['Coffee while you charge at Orion Mall', 'CHARGER_DETAIL', 'Bengaluru'],
  ['Fleet plans for delivery riders', 'HOME_BANNER', 'New Delhi'],
  ['Rate your charging experience', 'BOOKING_COMPLETE', null],
  ['Weekend road trip to Mysuru', 'HOME_BANNER', 'Bengaluru'],
  ['Free parking while charging at Phoenix Marketcity', 'CHARGER_DETAIL', 'Chennai'],
  ['Diwali offer: double wallet cashback', 'HOME_BANNER', null],
  ['Get an RFID card for faster starts', 'BOOKING_COMPLETE', null],
  ['Charge at Hitec City tech parks', 'CHARGER_DETAIL', 'Hyderabad'],
  ['Night charging discount 11 pm – 6 am', 'HOME_BANNER', 'Kolkata'],
  ['Scooter charging now at kirana stores', 'HOME_BANNER', 'Jaipur'],
  ['Install a charger in your society', 'BOOKING_COMPLETE', 'Gurugram'],
  ['Chargers on the Kochi–Thrissur highway', 'CHARGER_DETAIL', 'Kochi'],
  ['Student pass: 10% off all month', 'HOME_BANNER', 'Ahmedabad'],
  ['Goa getaway: chargers at beach hotels', 'HOME_BANNER', 'Panaji'],
];

const step = (name: string, run: (ctx: SeedContext) => Promise<number>): SeedStep => ({ name, run });

/** Seeds press coverage. */
export const seedNews = step('news (featured in)', (ctx) =>
  topUp(ctx, featuredIn, demoNews, ([title, publication], i) => ({
    title,
    publication,
    url: `https://czo-demo.example/press/${slug(title)}`,
    image: 'demo/news.svg',
    publishedOn: daysBefore(ctx.now, 360 - i * 12),
    isActive: i % 11 !== 10,
  })),
);

/** Seeds open positions. */
export const seedJobs = step('careers', (ctx) =>
  topUp(ctx, jobs, demoJobs, ([title, department, city, experienceYears, employmentType], i) => ({
    title,
    department,
    city: cityId(city),
    experienceYears,
    employmentType,
    description: `Join the ${department.toLowerCase().replace(/_/g, ' ')} team in ${city}. As ${title}, you will work with our field, support and product teams to keep India's EV chargers running.`,
    applyUrl: `https://czo-demo.example/careers/${slug(`${title} ${city}`)}`,
    isActive: i !== 8,
  })),
);

/** Seeds the knowledge hub. */
export const seedKnowledgeHub = step('knowledge hub', (ctx) =>
  topUp(ctx, knowledgeHubLinks, demoKnowledgeHub, ([title, category], i) => ({
    title,
    category,
    url: `https://czo-demo.example/${category === 'VIDEO' ? 'videos' : 'help'}/${slug(title)}`,
    thumbnail: 'demo/knowledge-hub.svg',
    isActive: i % 13 !== 12,
  })),
);

/** Seeds products (prices in paise). */
export const seedProducts = step('products', (ctx) =>
  topUp(ctx, products, demoProducts, ([name, sku, powerType, rupees, warrantyMonths]) => ({
    name,
    sku,
    powerType,
    price: rupees * 100,
    warrantyMonths,
    image: 'demo/product.svg',
    isActive: true,
  })),
);

/** Suppliers of chargers and parts: [name, contact person, mobile, GSTIN, city of the address]. */
export const demoVendors: readonly (readonly [string, string, string, string, string])[] = [
  ['Exicom Tele-Systems', 'Rakesh Malhotra', '9811023456', '06AAACE1234F1Z5', 'Gurugram'],
  ['Delta Electronics India', 'Suresh Menon', '9845012340', '29AAACD2345G1Z6', 'Bengaluru'],
  ['Servotech Power Systems', 'Anil Kapoor', '9810034567', '07AAACS3456H1Z7', 'New Delhi'],
  ['Tata AutoComp Systems', 'Meenakshi Iyer', '9822045678', '27AAACT4567J1Z8', 'Pune'],
  ['Statiq Hardware Supplies', 'Farhan Qureshi', '9818056789', '09AAACS5678K1Z9', 'Noida'],
  ['Bharat Electronics Components', 'Lakshmi Narayanan', '9844067890', '29AAACB6789L1Z1', 'Bengaluru'],
  ['Kirloskar Electric Parts', 'Vinay Deshpande', '9823078901', '27AAACK7890M1Z2', 'Pune'],
  ['Amara Raja Power Systems', 'Srinivas Reddy', '9849089012', '37AAACA8901N1Z3', 'Visakhapatnam'],
  ['Polycab Cables', 'Hetal Shah', '9825090123', '24AAACP9012P1Z4', 'Ahmedabad'],
  ['Schneider Electric India', 'Gurpreet Gill', '9814001234', '06AAACS0123Q1Z5', 'Gurugram'],
  ['Havells India', 'Neha Agarwal', '9810112345', '09AAACH1234R1Z6', 'Noida'],
  ['Luminous Power Technologies', 'Karthik Subramanian', '9840123456', '33AAACL2345S1Z7', 'Chennai'],
];

/** Seeds the vendors. */
export const seedVendors = step('vendors', (ctx) =>
  topUp(ctx, vendors, demoVendors, ([name, contactName, mobileNumber, gstin, city]) => ({
    name,
    contactName,
    mobileNumber,
    email: `orders@${slug(name)}.example`,
    gstin,
    address: `Plot ${(name.length * 7) % 90 + 10}, Industrial Area, ${city}`,
    isActive: name !== 'Luminous Power Technologies',
  })),
);

/** Seeds vehicle models. */
export const seedVehicles = step('vehicles', (ctx) =>
  topUp(ctx, vehicles, demoVehicles, ([make, model, vehicleCategory, batteryKwh, connector]) => ({
    make,
    model,
    vehicleCategory,
    batteryKwh,
    connector,
    image: 'demo/vehicle.svg',
    isActive: !(make === 'Nissan' || (make === 'Mahindra' && model === 'e-Verito')),
  })),
);

/** Seeds ignored error codes (a few expired or inactive). */
export const seedIgnoredErrorCodes = step('ignored error codes', (ctx) =>
  topUp(ctx, ignoredErrorCodes, demoIgnoredErrorCodes, ([chargerType, errorCode, description], i) => ({
    chargerType,
    errorCode,
    description,
    ignoreUntil: i % 4 === 0 ? null : daysBefore(ctx.now, i % 9 === 0 ? 20 : -30 - (i % 6) * 30),
    isActive: errorCode !== 'NoError' ? i % 10 !== 7 : true,
  })),
);

/** Seeds notification templates. */
export const seedNotificationTemplates = step('notification templates', (ctx) =>
  topUp(ctx, notificationTemplates, demoNotificationTemplates, ([templateId, channel, smsText, variables], i) => {
    const whiteLabel = templateId === 'WHITE_LABEL_WELCOME' || i % 8 === 5;
    return {
      templateId,
      channel,
      chargePointOperator: whiteLabel ? seedId('cpo', demoChargePointOperators[1 + (i % 4)]!.name) : null,
      whatsapp: variables ? WA(templateId.toLowerCase(), variables) : [],
      smsText,
      smsLinkTicketingDetail: templateId.startsWith('TICKET_') || templateId === 'TECHNICIAN_ASSIGNED',
      messageTemplateId: smsText ? `1107${String(170_000_000_000_000 + i * 7919).slice(0, 15)}` : null,
      ttl: channel === 'PUSH' ? (templateId === 'CHARGER_OFFLINE_ALERT' ? 600 : 3600) : null,
      collapseKey: channel === 'PUSH' ? templateId.toLowerCase() : null,
    };
  }),
);

/** Seeds one audit configuration per entity type (every resource, plus pinned-item preferences). */
export const seedAuditConfigurations = step('audit configuration', async (ctx) => {
  const types = [...resources.map((r) => ({ name: r.name, readOnly: r.readOnly ?? false })), { name: 'user_preferences', readOnly: false }];
  const rows = types.map(({ name, readOnly }, i) => {
    const finance = /settlement|payout|invoice|wallet|bundle|credit/.test(name);
    // writeAudit applies these: the demo audits every write of every type (read-only lists too: their records change
    // through actions and machines), as before configurations took effect, and exports of money and logs.
    const actions = ['CREATE', 'UPDATE', 'ACTIVATE', 'INACTIVATE', 'TRANSITION', ...(finance || readOnly ? ['EXPORT'] : [])];
    const createdAt = new Date(ctx.now.getTime() - (300 - i) * DAY);
    return { entityType: name, auditedActions: actions, retentionDays: finance ? 2920 : readOnly ? 180 : 730, isActive: true, createdAt, updatedAt: createdAt };
  });
  await ctx.tx.insert(auditConfigurations).values(rows).onConflictDoNothing();
  return rows.length;
});

/** Columns offered but not preselected in the demo configuration, as report type and field. */
const OFFERED_ONLY = new Set(['CHARGERS.cityId', 'CHARGERS.hostId', 'INVOICES.igst']);

/** The columns the seeded configuration of a report type offers, and which of them an export has by default. */
export function demoConfiguredColumns(reportType: string): ConfiguredColumn[] {
  const columns = demoDownloadConfigurations.find(([type]) => type === reportType)?.[1] ?? [];
  return columns.map(([field, header]) => ({ field, header, isDefault: !OFFERED_ONLY.has(`${reportType}.${field}`) }));
}

/** Seeds the download configuration of each report type. */
export const seedDownloadConfigurations = step('download configuration', async (ctx) => {
  const rows = demoDownloadConfigurations.map(([reportType, , maxRows], i) => {
    const createdAt = new Date(ctx.now.getTime() - (200 - i) * DAY);
    return { reportType, columns: demoConfiguredColumns(reportType), maxRows, isActive: reportType !== 'OUTBOUND_CALLS', createdAt, updatedAt: createdAt };
  });
  await ctx.tx.insert(downloadConfigurations).values(rows).onConflictDoNothing();
  return rows.length;
});

/** Seeds app ads: past, current and upcoming campaigns. */
export const seedAds = step('ads', (ctx) =>
  topUp(ctx, advertisements, demoAds, ([title, placement, city], i) => {
    const startsIn = 300 - i * 18;
    return {
      title,
      placement,
      image: 'demo/ad.svg',
      targetUrl: i % 5 === 4 ? null : `https://czo-demo.example/offers/${slug(title)}`,
      city: city ? cityId(city) : null,
      startDate: daysBefore(ctx.now, startsIn),
      endDate: daysBefore(ctx.now, startsIn - 30 - (i % 4) * 15),
      priority: 10 + ((i * 37) % 90),
      isActive: i % 6 !== 5,
    };
  }),
);
