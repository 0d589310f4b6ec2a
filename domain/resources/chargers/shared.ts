import { type FieldOption, f } from '@domain/resource/field';

export const CM = '/charger-management';
export const RM = '/rfid-management';

export const chargerTypeOptions: FieldOption[] = [
  { value: 'KIRANA_LITE_GSM', label: 'Kirana Lite GSM' },
  { value: 'OCPP_16_JSON_CHARGER', label: 'OCPP 1.6 JSON Charger' },
  { value: 'KIRANA_PLUS_FLEXTRON', label: 'Kirana Plus Flextron' },
  { value: 'KIRANA_PLUS_FLEXTRON_WIFI', label: 'Kirana Plus Flextron WiFi' },
  { value: 'CHARGE_MOD_BHARAT_AC', label: 'Charge Mod Bharat AC' },
  { value: 'MEKR_OMNI', label: 'Mekr Omni' },
  { value: 'EV_POINT_CHARGER', label: 'EV Point Charger' },
];

export const city = () => f.relation('City', 'cities', { idType: 'uuid', required: true });
export const isActive = () => f.boolean('Active', { defaultValue: true });
export const oldUnitStatusOptions: FieldOption[] = [
  { value: 'IN_STOCK', label: 'Stock (it works)' },
  { value: 'UNDER_REPAIR', label: 'Repair (faulty)' },
];
