import { testChargerPath } from '@domain/ocpp';
import { TRANSFER_DEVICE_PERMISSION, TRANSFER_DEVICE_SCREEN, transferDeviceLinkFor } from '@domain/transfer-device';
import type { Command } from './command';
import type { RecordActionSource } from './record-commands';

/** Anchors of the charger page's live panel the palette opens (the panel focuses that action's button). */
export const chargerActionAnchors = { reset: 'reset-charger', stop: 'stop-session' } as const;

/**
 * Actions on a charger's page and from a charger lookup: "Reset charger…" and "Stop session…" open the charger's
 * page at that action (its confirm dialog is one key away), "Start test charge…" opens the Test charger screen
 * (coming back to where the palette was opened).
 */
export const chargerRecordActions: RecordActionSource = (ctx, record) => {
  if (record.resource.name !== 'chargers') return [];
  const page = record.resource.detailPath.replace(':id', encodeURIComponent(record.id));
  const back = ctx.location.split('#')[0] ?? page;
  const action = (id: string, title: string, keywords: string[], permission: Command['permission'], href: string): Command => ({
    id: `record:chargers:${record.id}:ocpp:${id}`,
    title,
    group: 'Charger',
    keywords,
    permission,
    kind: 'action',
    href,
    run: (c) => c.navigate(href),
  });
  return [
    action('reset', 'Reset charger…', ['reset', 'reboot', 'restart', 'ocpp'], 'ROLE_EXECUTE_COMMAND', `${page}#${chargerActionAnchors.reset}`),
    action('test', 'Start test charge…', ['test', 'charge', 'start', 'ocpp'], 'ROLE_TEST_DEVICE', testChargerPath(record.id, back)),
    action('stop', 'Stop session…', ['stop', 'session', 'transaction', 'ocpp'], 'ROLE_TEST_DEVICE', `${page}#${chargerActionAnchors.stop}`),
    action('transfer', 'Transfer device…', ['transfer', 'host', 'move', 'owner'], TRANSFER_DEVICE_PERMISSION, transferDeviceLinkFor(record.id)),
  ];
};

/** Charger actions that need no record: "Transfer device" opens its screen (it has no side-menu entry). */
export const chargerActions: readonly Command[] = [
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
