// The console's features, each extending the generic pages of the resources it works on: the one list the app
// passes to the list, record and form pages. A feature declares its panels, header actions, list columns and bulk
// actions in its own folder's extension file; adding one is that file and a line here.
import type { ResourceExtension } from '@resources/resource-extension';
import { bookingExtension } from '@workflows/booking/booking-extension';
import { changeNumberExtension } from '@workflows/change-number/change-number-extension';
import { chargerCommandsExtension } from '@workflows/charger-commands/charger-commands-extension';
import { chargerLiveExtension } from '@workflows/charger-live/charger-live-extension';
import { diagnosticsExtension } from '@workflows/diagnostics/diagnostics-extension';
import { firmwareExtension } from '@workflows/firmware/firmware-extension';
import { downloadsExtension, exportExtension } from '@workflows/downloads/downloads-extension';
import { installationExtension } from '@workflows/installation/installation-extension';
import { smartChargingExtension } from '@workflows/smart-charging/smart-charging-extension';
import { ticketExtension } from '@workflows/ticket-actions/ticket-extension';
import { workflowExtension } from '@workflows/workflow-extension';
import { zoneAreaExtension } from '@workflows/zone-area/zone-area-extension';

/**
 * Every feature's extension, in the order their parts show where several apply to one page. A charger's page: Live
 * state, then a card per OCPP feature, what decides who charges and how much before upkeep: Reservations, Local
 * authorization list (both charger-live), Smart charging, Firmware, Diagnostics.
 */
export const resourceExtensions: readonly ResourceExtension[] = [
  workflowExtension,
  installationExtension,
  ticketExtension,
  changeNumberExtension,
  chargerLiveExtension,
  chargerCommandsExtension,
  smartChargingExtension,
  firmwareExtension,
  diagnosticsExtension,
  bookingExtension,
  downloadsExtension,
  exportExtension,
  zoneAreaExtension,
];
