// The palette's actions on a charger: every command opens the charger's page at that command's form (its anchor),
// for staff who may send commands; "Stop session…" is offered to whoever may stop some session there (a customer's
// from its booking, a test charge, any other by command), not only to test-device holders.
import { describe, expect, it } from 'vitest';
import { chargerActionAnchors, chargerCommandAnchors, chargerRecordActions, STOP_BOOKING_PERMISSION } from '@commands/charger-commands';
import { availableCommands } from '@commands/command';
import { localCommands } from '@commands/palette-sources';
import { diagnosticsAnchor, REQUEST_DIAGNOSTICS_PERMISSION } from '@domain/diagnostics';
import { ocppCommandActions } from '@domain/ocpp';
import { bookingResource } from '@domain/resources/bookings/booking';
import { chargerResource } from '@domain/resources/chargers/charger';
import { MANAGE_CHARGING_PROFILES_PERMISSION, smartChargingAnchors } from '@domain/smart-charging';
import { fakeContext } from './fake-context';

const actionsFor = (permissions: string[]) => {
  const ctx = fakeContext({ permissions: new Set(permissions), location: '/charger-management/all-chargers/42' });
  return availableCommands(chargerRecordActions(ctx, { resource: chargerResource, id: '42' }), ctx);
};
const titles = (permissions: string[]) => actionsFor(permissions).map((c) => c.title);

describe("the palette's commands on a charger", () => {
  it('offers each command to staff who may send commands, opening the charger page at its form', () => {
    const actions = actionsFor(['ROLE_EXECUTE_COMMAND']);
    for (const [title, anchor] of [
      ['Reset charger…', 'reset-charger'],
      ['Change availability…', 'command-change-availability'],
      ['Unlock connector…', 'command-unlock-connector'],
      ['Read configuration…', 'command-get-configuration'],
      ['Change configuration…', 'command-change-configuration'],
      ['Request a message…', 'command-trigger-message'],
      ['Clear authorization cache…', 'command-clear-cache'],
      ['Start charging…', 'command-remote-start-transaction'],
      ['Limit charging…', 'command-set-charging-profile'],
      ['Clear charging limit…', 'command-clear-charging-profile'],
    ] as const) {
      expect(actions.find((c) => c.title === title), title).toMatchObject({ kind: 'action', href: `/charger-management/all-chargers/42#${anchor}`, permission: 'ROLE_EXECUTE_COMMAND' });
    }
    // One anchor per command, all different (the page opens the form its anchor names).
    expect(new Set(ocppCommandActions.map((a) => chargerCommandAnchors[a])).size).toBe(ocppCommandActions.length);
    expect(titles([])).toEqual([]);
    expect(titles(['ROLE_TEST_DEVICE'])).not.toContain('Change availability…');
  });

  it('offers Request diagnostics… and smart charging on a charger to the holders of the permission their cards use, and to no one else', () => {
    const page = '/charger-management/all-chargers/42';
    const diagnostics = (permissions: string[]) => actionsFor(permissions).find((c) => c.title === 'Request diagnostics…');
    expect(diagnostics([REQUEST_DIAGNOSTICS_PERMISSION])).toMatchObject({ kind: 'action', group: 'Charger', href: `${page}#${diagnosticsAnchor}`, permission: 'ROLE_REQUEST_DIAGNOSTICS' });
    // Sending commands or downloading a received file is not asking for one.
    expect(diagnostics(['ROLE_EXECUTE_COMMAND', 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS'])).toBeUndefined();
    expect(diagnostics([])).toBeUndefined();

    const smart = (permissions: string[]) => actionsFor(permissions).filter((c) => c.title === 'Set charging profile…' || c.title === 'Show composite schedule');
    expect(smart([MANAGE_CHARGING_PROFILES_PERMISSION]).map((c) => [c.title, c.href, c.permission])).toEqual([
      ['Set charging profile…', `${page}#${smartChargingAnchors.setProfile}`, 'ROLE_MANAGE_CHARGING_PROFILES'],
      ['Show composite schedule', `${page}#${smartChargingAnchors.composite}`, 'ROLE_MANAGE_CHARGING_PROFILES'],
    ]);
    // The command panel's Limit charging… stays the command senders'; the Smart charging card's actions are not theirs.
    expect(smart(['ROLE_EXECUTE_COMMAND', 'ROLE_SEARCH_CHARGER'])).toEqual([]);
    expect(titles(['ROLE_EXECUTE_COMMAND'])).toContain('Limit charging…');
    // Each opens an anchor of its own, none a command's.
    const anchors = [diagnosticsAnchor, smartChargingAnchors.setProfile, smartChargingAnchors.composite];
    expect(new Set([...anchors, ...Object.values(chargerCommandAnchors)]).size).toBe(anchors.length + ocppCommandActions.length);
    expect(actionsFor([MANAGE_CHARGING_PROFILES_PERMISSION]).find((c) => c.title === 'Show composite schedule')!.keywords).toEqual(expect.arrayContaining(['composite', 'smart']));
  });

  it('finds a command by its words', () => {
    const unlock = actionsFor(['ROLE_EXECUTE_COMMAND']).find((c) => c.title === 'Unlock connector…')!;
    expect(unlock.keywords).toEqual(expect.arrayContaining(['cable', 'stuck']));
    expect(actionsFor(['ROLE_EXECUTE_COMMAND']).find((c) => c.title === 'Request a message…')!.keywords).toContain('trigger');
  });

  it('offers "Stop session…" to whoever may stop some session on the page, and to no one else', () => {
    const stop = (permissions: string[]) => actionsFor(permissions).find((c) => c.title === 'Stop session…');
    // A customer's session stops from its booking (Stop charging, ROLE_STOP_BOOKING): no test-device permission needed.
    expect(stop(['ROLE_STOP_BOOKING'])).toMatchObject({ href: `/charger-management/all-chargers/42#${chargerActionAnchors.stop}` });
    expect(stop(['ROLE_TEST_DEVICE'])).toBeDefined();
    expect(stop(['ROLE_EXECUTE_COMMAND'])).toBeDefined();
    expect(stop(['ROLE_SEARCH_CHARGER'])).toBeUndefined();
    expect(stop([])).toBeUndefined();
    expect(STOP_BOOKING_PERMISSION).toBe(bookingResource.actions.find((a) => a.name === 'stop-charging')!.permission);
  });

  it('offers Recent command batches (a screen with no side-menu entry) to staff who may send commands', () => {
    const found = (permissions: string[]) => localCommands(fakeContext({ permissions: new Set(permissions) }), 'actions').find((c) => c.title === 'Recent command batches');
    expect(found(['ROLE_EXECUTE_COMMAND'])).toMatchObject({ kind: 'action', href: '/charger-management/command-batches' });
    expect(found(['ROLE_SEARCH_CHARGER'])).toBeUndefined();
  });
});
