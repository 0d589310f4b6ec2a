import type { FieldOption } from './resource/field';

/** Charger power types (stored values, and the labels staff know them by): one list for chargers, products and orders. */
export const chargerPowerTypeOptions: readonly FieldOption[] = [
  { value: 'AC_3_3KW', label: '3.3kW AC' },
  { value: 'AC_7_4KW', label: '7.4kW AC' },
  { value: 'AC_22KW', label: '22kW AC' },
  { value: 'DC_15KW_001', label: '15kW DC 001' },
  { value: 'DC_30KW_CCS2', label: '30kW DC CCS 2' },
  { value: 'DC_60KW_CCS2', label: '60kW DC CCS 2' },
];
