// Tables of the chargers resources, exported by name so drizzle-kit writes their migrations.
// The three transaction lists (all, OCPP, Flextron) share charger_transactions.
import { resourceTable } from '../resource-tables';

export const warehouses = resourceTable('warehouses');
export const locations = resourceTable('locations');
export const hardware = resourceTable('hardware');
export const chargers = resourceTable('chargers');
export const chargerTransactions = resourceTable('charger_transactions');
export const thirdPartyChargers = resourceTable('third_party_chargers');
export const riskZones = resourceTable('risk_zones');
export const operationalZones = resourceTable('operational_zones');
export const rfidCards = resourceTable('rfid_cards');
export const rfidCardHistory = resourceTable('rfid_card_history');
export const rfidAuthorizeRequests = resourceTable('rfid_authorize_requests');
export const chargerHardwareReplacements = resourceTable('charger_hardware_replacements');
