import { diagnosticsAnchor, REQUEST_DIAGNOSTICS_PERMISSION } from '@domain/diagnostics';
import { localListAnchors, MANAGE_LOCAL_LIST_PERMISSION } from '@domain/local-list';
import { COMMAND_BATCHES_SCREEN, ocppCommandActions, ocppCommandExtraPermissions, ocppCommandLabels, testChargerPath, type OcppCommandAction } from '@domain/ocpp';
import { hasPermission, type Permission } from '@domain/permissions';
import { RESERVE_CONNECTOR_PERMISSION, reservationAnchors } from '@domain/reservations';
import { MANAGE_CHARGING_PROFILES_PERMISSION, smartChargingAnchors } from '@domain/smart-charging';
import { TRANSFER_DEVICE_PERMISSION, TRANSFER_DEVICE_SCREEN, transferDeviceLinkFor } from '@domain/transfer-device';
import type { Command } from './command';
import type { RecordActionSource } from './record-commands';

/** Who may send commands to chargers (every command of the charger page's command panel). */
export const EXECUTE_COMMAND_PERMISSION: Permission = 'ROLE_EXECUTE_COMMAND';

/** The anchor of each command on the charger page: opened at it, the page opens that command's form. */
export const chargerCommandAnchors: Readonly<Record<OcppCommandAction, string>> = Object.fromEntries(
  ocppCommandActions.map((a) => [a, a === 'Reset' ? 'reset-charger' : `command-${a.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}`]),
) as Record<OcppCommandAction, string>;

/** Anchors of the charger page's live panel the palette opens: a command's form, or the sessions' stop buttons. */
export const chargerActionAnchors = { reset: chargerCommandAnchors.Reset, stop: 'stop-session' } as const;

/**
 * The permission of a booking's Stop charging, how a customer's session stops (the booking resource's action; named
 * here rather than read from it, which would bring every booking definition into the palette's first load: a test
 * holds the two equal).
 */
export const STOP_BOOKING_PERMISSION: Permission = 'ROLE_STOP_BOOKING';

/**
 * Who may stop a session from a charger's page, by whose session it is: a customer's through its booking's Stop
 * charging, a test charge through test charging, any other through the Stop charging command. "Stop session…" is
 * offered to whoever holds one of them; the page shows each session's stop to those who may use it.
 */
export const STOP_SESSION_PERMISSIONS: readonly Permission[] = [STOP_BOOKING_PERMISSION, 'ROLE_TEST_DEVICE', EXECUTE_COMMAND_PERMISSION];

/** The palette's words for each command on a charger (the panel's labels, said of the charger) and what finds it. */
const commandActions: readonly { action: OcppCommandAction; title: string; keywords: string[] }[] = [
  { action: 'Reset', title: 'Reset charger…', keywords: ['reset', 'reboot', 'restart', 'ocpp'] },
  { action: 'ChangeAvailability', title: 'Change availability…', keywords: ['availability', 'operative', 'inoperative', 'disable', 'enable', 'ocpp'] },
  { action: 'UnlockConnector', title: 'Unlock connector…', keywords: ['unlock', 'cable', 'stuck', 'connector', 'ocpp'] },
  { action: 'GetConfiguration', title: 'Read configuration…', keywords: ['configuration', 'config', 'keys', 'settings', 'ocpp'] },
  { action: 'ChangeConfiguration', title: 'Change configuration…', keywords: ['configuration', 'config', 'key', 'setting', 'ocpp'] },
  { action: 'TriggerMessage', title: 'Request a message…', keywords: ['trigger', 'message', 'status', 'heartbeat', 'ocpp'] },
  { action: 'ClearCache', title: 'Clear authorization cache…', keywords: ['cache', 'authorization', 'cards', 'ocpp'] },
  { action: 'RemoteStartTransaction', title: 'Start charging…', keywords: ['start', 'remote', 'rfid', 'card', 'ocpp'] },
  { action: 'SetChargingProfile', title: 'Limit charging…', keywords: ['limit', 'profile', 'current', 'power', 'ocpp'] },
  { action: 'ClearChargingProfile', title: 'Clear charging limit…', keywords: ['limit', 'profile', 'clear', 'ocpp'] },
  { action: 'DataTransfer', title: 'Send vendor data…', keywords: ['data', 'transfer', 'vendor', 'datatransfer', 'ocpp'] },
];

/**
 * Actions on a charger's page and from a charger lookup: each command ("Reset charger…", "Change availability…",
 * "Read configuration…"…) opens the charger's page at that command with its form open, and the local list's (Send full
 * local list…, Read local list version…) at its button; the OCPP features' own (Reserve connector…, Set charging
 * profile…, Request diagnostics…) with their dialog open, Show composite schedule at Ask the charger; "Stop session…" opens it at
 * the sessions' stop buttons; "Start test charge…" opens the Test charger screen (coming back to where the palette
 * was opened).
 */
export const chargerRecordActions: RecordActionSource = (ctx, record) => {
  if (record.resource.name !== 'chargers') return [];
  const page = record.resource.detailPath.replace(':id', encodeURIComponent(record.id));
  const back = ctx.location.split('#')[0] ?? page;
  const action = (id: string, title: string, keywords: string[], permission: Command['permission'], href: string, when?: Command['when']): Command => ({
    id: `record:chargers:${record.id}:ocpp:${id}`,
    title,
    group: 'Charger',
    keywords,
    ...(permission ? { permission } : {}),
    ...(when ? { when } : {}),
    kind: 'action',
    href,
    run: (c) => c.navigate(href),
  });
  return [
    ...commandActions.map((c) =>
      action(
        c.action === 'Reset' ? 'reset' : c.action,
        c.title,
        [...c.keywords, ocppCommandLabels[c.action].toLowerCase()],
        // A command needing a right of its own (DataTransfer) is offered to its holders only.
        ocppCommandExtraPermissions[c.action] ?? EXECUTE_COMMAND_PERMISSION,
        `${page}#${chargerCommandAnchors[c.action]}`,
      ),
    ),
    // The local authorization list's two commands, for whoever may manage it: the page opens at their buttons.
    action('local-list-full', 'Send full local list…', ['local', 'list', 'authorization', 'rfid', 'cards', 'offline', 'ocpp'], MANAGE_LOCAL_LIST_PERMISSION, `${page}#${localListAnchors.sendFull}`),
    action('local-list-version', 'Read local list version…', ['local', 'list', 'version', 'authorization', 'ocpp'], MANAGE_LOCAL_LIST_PERMISSION, `${page}#${localListAnchors.readVersion}`),
    // Reservations, for whoever may reserve a connector: the page opens at Reserve connector… or at its reservations.
    action('reserve', 'Reserve connector…', ['reserve', 'reservation', 'hold', 'connector', 'booking', 'ocpp'], RESERVE_CONNECTOR_PERMISSION, `${page}#${reservationAnchors.reserve}`),
    action('cancel-reservation', 'Cancel reservation…', ['cancel', 'reservation', 'reserved', 'free', 'connector', 'ocpp'], RESERVE_CONNECTOR_PERMISSION, `${page}#${reservationAnchors.cancel}`),
    // Smart charging, for whoever may manage charging profiles: Set charging profile… opens its dialog (a charger
    // maximum to start from), Show composite schedule the page at Ask the charger.
    action('set-charging-profile', 'Set charging profile…', ['smart', 'charging', 'profile', 'maximum', 'limit', 'current', 'power', 'ocpp'], MANAGE_CHARGING_PROFILES_PERMISSION, `${page}#${smartChargingAnchors.setProfile}`),
    action('composite-schedule', 'Show composite schedule', ['smart', 'charging', 'composite', 'schedule', 'limit', 'profile', 'ocpp'], MANAGE_CHARGING_PROFILES_PERMISSION, `${page}#${smartChargingAnchors.composite}`),
    // Diagnostics, for whoever may ask a charger for its log file: the page opens with Request diagnostics…'s dialog.
    action('request-diagnostics', 'Request diagnostics…', ['diagnostics', 'log', 'logs', 'upload', 'file', 'debug', 'ocpp'], REQUEST_DIAGNOSTICS_PERMISSION, `${page}#${diagnosticsAnchor}`),
    action('test', 'Start test charge…', ['test', 'charge', 'start', 'ocpp'], 'ROLE_TEST_DEVICE', testChargerPath(record.id, back)),
    action('stop', 'Stop session…', ['stop', 'session', 'transaction', 'ocpp'], undefined, `${page}#${chargerActionAnchors.stop}`, (c) =>
      STOP_SESSION_PERMISSIONS.some((p) => hasPermission(c.permissions, p)),
    ),
    action('transfer', 'Transfer device…', ['transfer', 'host', 'move', 'owner'], TRANSFER_DEVICE_PERMISSION, transferDeviceLinkFor(record.id)),
  ];
};

/**
 * Charger actions that need no record, screens with no side-menu entry: "Transfer device", and "Recent command
 * batches" (the latest commands sent to many chargers, each opening its results).
 */
export const chargerActions: readonly Command[] = [
  {
    id: 'action:command-batches',
    title: 'Recent command batches',
    group: 'Actions',
    keywords: ['charger', 'command', 'batch', 'results', 'ocpp', 'bulk'],
    permission: EXECUTE_COMMAND_PERMISSION,
    kind: 'action',
    href: COMMAND_BATCHES_SCREEN,
    run: (ctx) => ctx.navigate(COMMAND_BATCHES_SCREEN),
  },
  {
    id: 'action:transfer-device',
    title: 'Transfer device',
    group: 'Actions',
    keywords: ['charger', 'host', 'move', 'transfer', 'owner'],
    permission: TRANSFER_DEVICE_PERMISSION,
    kind: 'action',
    href: TRANSFER_DEVICE_SCREEN,
    run: (ctx) => ctx.navigate(TRANSFER_DEVICE_SCREEN),
  },
];
