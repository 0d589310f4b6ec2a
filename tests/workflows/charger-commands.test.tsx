/** @vitest-environment jsdom */
// The charger page's command panel: each command's form builds the payload the server checks, with labels in words;
// what disrupts a charger warns first; a customer's session is not stopped here but from its booking; the
// configuration reads as a table whose editable keys change in place; the message log keeps payloads on demand.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ocppCommandSchema, type ChargerLive } from '@domain/ocpp';
import { FIRST_MANAGED_PROFILE_ID } from '@domain/smart-charging';
import { ChargerLivePanel } from '@workflows/charger-live/charger-live-panel';
import { commandForms, commandOf, CONSOLE_PROFILE_ID, type CommandContext } from '@workflows/charger-commands/command-forms';
import { configurationOf } from '@workflows/charger-commands/configuration-table';
import { chargerCommandsExtension } from '@workflows/charger-commands/charger-commands-extension';
import { chargerResource } from '@domain/resources/chargers/charger';
import type { BulkActionProps } from '@resources/resource-extension';
import { commandAnswerText } from '@domain/ocpp-batches';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const at = '2026-03-02T10:00:00.000Z';
const liveState: ChargerLive = {
  chargerId: 7,
  uniqueId: 'CZ000007',
  chargerType: 'OCPP_16_JSON_CHARGER',
  chargeBoxId: 'CZ000007',
  isActive: true,
  usageType: 'PUBLIC',
  ccuId: null,
  isOnline: true,
  connectivityStatus: 'ONLINE',
  lastSeenAt: at,
  lastHeartbeatAt: at,
  connectedAt: at,
  heartbeatInterval: 300,
  vendor: 'CZO Simulator',
  model: 'SIM-22',
  serialNumber: null,
  firmwareVersion: '1.6.4-sim',
  firmwareStatus: null,
  hasPassword: true,
  sockets: [],
  connectors: [
    { connectorId: 0, status: 'Available', errorCode: 'NoError', info: null, faultTicketId: null, updatedAt: at },
    { connectorId: 1, status: 'Charging', errorCode: 'NoError', info: null, faultTicketId: null, updatedAt: at },
    { connectorId: 2, status: 'Charging', errorCode: 'NoError', info: null, faultTicketId: null, updatedAt: at },
  ],
  sessions: [
    { transactionId: 501, connectorId: 1, idTag: 'CARD0001', bookingId: 1234, bookingStatus: 'CHARGING', startedAt: at, energyWh: 1_500, powerW: 7_000, isTest: false },
    { transactionId: 502, connectorId: 2, idTag: 'CZOTEST1A2B3C4D', bookingId: 1240, bookingStatus: 'CHARGING', startedAt: at, energyWh: 900, powerW: 7_000, isTest: true },
  ],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

const record = (action: string, status: string, response: unknown) => ({
  id: `c-${Math.random()}`,
  chargerId: 7,
  batchId: 'b-1',
  action,
  payload: {},
  status,
  response,
  error: null,
  requestedBy: null,
  requestedByName: 'Asha',
  chargerUniqueId: 'CZ000007',
  chargeBoxId: 'CZ000007',
  createdAt: at,
  sentAt: at,
  answeredAt: at,
});

/** The charger's API: its live state, an empty log and command list, and each command answered as a charger would. */
function fakeApi(config: { key: string; value: string; readonly: boolean }[] = []) {
  const sent: { action: string; payload: unknown; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/ccu/charger/7/live') return json(200, liveState);
      if (url.startsWith('/ccu/charger-command?')) return json(200, { items: [], count: 0, page: 0, size: 10 });
      if (url.startsWith('/ocpp/chargepoint-log/7')) {
        return json(200, { items: [{ id: 1, direction: 'IN', messageType: 'CALL', messageId: 'm1', action: 'Heartbeat', payload: { big: 'x'.repeat(50) }, errorCode: null, createdAt: at }], count: 1, page: 0, size: 20 });
      }
      if (url === '/ccu/charger-command' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { command: { action: string; payload: { key?: string; value?: string } } };
        sent.push({ action: body.command.action, payload: body.command.payload, body });
        if (body.command.action === 'GetConfiguration') return json(200, { batchId: 'b-1', items: [record('GetConfiguration', 'accepted', { configurationKey: config, unknownKey: [] })] });
        if (body.command.action === 'ChangeConfiguration') {
          const key = config.find((k) => k.key === body.command.payload.key)!;
          key.value = body.command.payload.value!;
          return json(200, { batchId: 'b-1', items: [record('ChangeConfiguration', 'accepted', { status: 'RebootRequired' })] });
        }
        return json(200, { batchId: 'b-1', items: [record(body.command.action, 'accepted', { status: 'Accepted' })] });
      }
      return json(200, {});
    }),
  );
  return sent;
}

async function openPanel(permissions: string[]) {
  const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', ...permissions]));
  render(<ChargerLivePanel chargerId={7} />, { wrapper: Wrapper });
  return screen.findByRole('group', { name: 'Send a command' });
}

const one: CommandContext = { connectorIds: [0, 1, 2], sessions: liveState.sessions, bulk: false };

describe('the command forms', () => {
  it('build the payload each command needs from its first values, which the server schema accepts', () => {
    const built = Object.fromEntries(Object.values(commandForms).map((f) => [f.action, f.command(f.initial(one))]));
    expect(built.Reset).toEqual({ action: 'Reset', payload: { type: 'Soft' } });
    expect(built.ChangeAvailability).toEqual({ action: 'ChangeAvailability', payload: { connectorId: 0, type: 'Inoperative' } });
    expect(built.UnlockConnector).toEqual({ action: 'UnlockConnector', payload: { connectorId: 1 } });
    // "Whole charger" is no connector in a TriggerMessage: the charger chooses.
    expect(built.TriggerMessage).toEqual({ action: 'TriggerMessage', payload: { requestedMessage: 'StatusNotification' } });
    // Only the session that is not a customer's (the test charge, 502 on connector 2) is stopped or limited here.
    expect(built.RemoteStopTransaction).toEqual({ action: 'RemoteStopTransaction', payload: { transactionId: 502 } });
    expect(built.SetChargingProfile).toMatchObject({
      action: 'SetChargingProfile',
      payload: { connectorId: 2, csChargingProfiles: { chargingProfileId: CONSOLE_PROFILE_ID, chargingProfilePurpose: 'TxProfile', chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] } } },
    });
    // Clear charging limit clears the form's own session limit only: its id and the TxProfile purpose, both of which
    // the command route needs (a clear without the purpose, or by an id of the Smart charging panel's, is refused).
    expect(built.ClearChargingProfile).toEqual({ action: 'ClearChargingProfile', payload: { id: CONSOLE_PROFILE_ID, connectorId: 1, chargingProfilePurpose: 'TxProfile' } });
    expect(CONSOLE_PROFILE_ID).toBeLessThan(FIRST_MANAGED_PROFILE_ID);
    expect(ocppCommandSchema.safeParse({ action: 'ClearChargingProfile', payload: { id: CONSOLE_PROFILE_ID, connectorId: 1 } }).success).toBe(false);
    for (const action of ['Reset', 'ChangeAvailability', 'UnlockConnector', 'TriggerMessage', 'RemoteStopTransaction', 'SetChargingProfile', 'ClearChargingProfile', 'ClearCache', 'GetConfiguration']) {
      expect(ocppCommandSchema.safeParse(built[action]).success, action).toBe(true);
    }
    // A card and a key are the user's to give: refused empty, accepted given.
    expect(ocppCommandSchema.safeParse(built.RemoteStartTransaction).success).toBe(false);
    expect(commandOf(commandForms.RemoteStartTransaction, { 'payload.connectorId': '2', 'payload.idTag': ' RFID0042 ' })).toEqual({ action: 'RemoteStartTransaction', payload: { connectorId: 2, idTag: 'RFID0042' } });
    expect(commandOf(commandForms.SetChargingProfile, { 'payload.connectorId': '2', limit: '7400', unit: 'W' })).toBeNull();
  });

  it('warn before what disrupts a charger, and only then', () => {
    expect(commandForms.Reset.confirm({})).toMatch(/stops every session/);
    expect(commandForms.UnlockConnector.confirm({})).toMatch(/stops any session/);
    expect(commandForms.ClearCache.confirm({})).toMatch(/checked online again/);
    expect(commandForms.ChangeAvailability.confirm({ 'payload.type': 'Inoperative' })).toMatch(/cannot start a session/);
    expect(commandForms.ChangeAvailability.confirm({ 'payload.type': 'Operative' })).toBeNull();
    expect(commandForms.TriggerMessage.confirm({})).toBeNull();
  });

  it('offer for many chargers only the commands that name no session or card of one charger', () => {
    expect(Object.values(commandForms).filter((f) => f.bulk).map((f) => f.action).sort()).toEqual(['ChangeAvailability', 'ChangeConfiguration', 'ClearCache', 'DataTransfer', 'Reset', 'TriggerMessage', 'UnlockConnector']);
  });

  it('build a DataTransfer of the vendor id, with the message id and data only when given, within 1.6’s lengths', () => {
    const form = commandForms.DataTransfer;
    expect(commandOf(form, form.initial(one))).toBeNull();
    expect(commandOf(form, { 'payload.vendorId': ' CZO Simulator ', 'payload.messageId': '', 'payload.data': '' })).toEqual({ action: 'DataTransfer', payload: { vendorId: 'CZO Simulator' } });
    expect(commandOf(form, { 'payload.vendorId': 'CZO Simulator', 'payload.messageId': 'Echo', 'payload.data': 'line 1\nline 2' })).toEqual({
      action: 'DataTransfer',
      payload: { vendorId: 'CZO Simulator', messageId: 'Echo', data: 'line 1\nline 2' },
    });
    expect(commandOf(form, { 'payload.vendorId': 'v'.repeat(256) })).toBeNull();
    expect(commandOf(form, { 'payload.vendorId': 'v', 'payload.messageId': 'm'.repeat(51) })).toBeNull();
    expect(commandOf(form, { 'payload.vendorId': 'v', 'payload.data': 'd'.repeat(4_001) })).toBeNull();
  });

  it('reads a GetConfiguration answer as sorted keys and the unknown ones', () => {
    expect(configurationOf({ configurationKey: [{ key: 'b', value: '1', readonly: true }, { key: 'A' }], unknownKey: ['Nope'] })).toEqual({
      keys: [
        { key: 'A', value: null, readonly: false },
        { key: 'b', value: '1', readonly: true },
      ],
      unknown: ['Nope'],
    });
  });
});

describe("the charger page's command panel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows Reset and Change availability, the rest behind More commands; a connector by name; the answer sent with the form', async () => {
    const sent = fakeApi();
    const panel = await openPanel(['ROLE_EXECUTE_COMMAND']);
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(['Reset…', 'Change availability…', 'Read configuration', 'More commands ▾']);
    await userEvent.click(within(panel).getByRole('button', { name: /More commands/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Start charging…',
      'Stop charging…',
      'Unlock connector…',
      'Change configuration…',
      'Request a message…',
      'Clear authorization cache…',
      'Limit charging…',
      'Clear charging limit…',
    ]);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(panel).getByRole('button', { name: 'Change availability…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change availability: CZ000007' });
    const connector = within(dialog).getByRole('combobox', { name: 'Connector' });
    expect(within(connector).getAllByRole('option').map((o) => o.textContent)).toEqual(['Whole charger', 'Connector 1', 'Connector 2']);
    await userEvent.selectOptions(connector, 'Connector 2');
    expect(within(dialog).getByText(/Drivers cannot start a session on it/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Operative/ }));
    expect(within(dialog).queryByText(/Drivers cannot start a session on it/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Inoperative/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change availability' }));
    await vi.waitFor(() => expect(sent.at(-1)?.body).toEqual({ chargerIds: [7], command: { action: 'ChangeAvailability', payload: { connectorId: 2, type: 'Inoperative' } }, wait: true }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('offers Send vendor data… only with ROLE_DATA_TRANSFER, and says the charger’s answer with its data', async () => {
    const sent = fakeApi();
    const panel = await openPanel(['ROLE_EXECUTE_COMMAND', 'ROLE_DATA_TRANSFER']);
    await userEvent.click(within(panel).getByRole('button', { name: /More commands/ }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Send vendor data…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send vendor data: CZ000007' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Vendor id/ }), 'CZO Simulator');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Data \(optional\)/ }), 'hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send vendor data' }));
    await vi.waitFor(() => expect(sent.at(-1)?.body).toEqual({ chargerIds: [7], command: { action: 'DataTransfer', payload: { vendorId: 'CZO Simulator', data: 'hello' } }, wait: true }));
    expect(commandAnswerText(record('DataTransfer', 'accepted', { status: 'Accepted', data: 'hello' }))).toBe('Accepted, data: “hello”');
    expect(commandAnswerText(record('DataTransfer', 'rejected', { status: 'UnknownVendorId' }))).toBe('Rejected by the charger (The charger does not know this vendor id)');
    expect(commandAnswerText(record('DataTransfer', 'rejected', { status: 'UnknownMessageId' }))).toBe('Rejected by the charger (The vendor does not know this message id)');
  });

  it("stops only a session that is not a customer's, and names the customer's booking to stop it from", async () => {
    const sent = fakeApi();
    const panel = await openPanel(['ROLE_EXECUTE_COMMAND']);
    await userEvent.click(within(panel).getByRole('button', { name: /More commands/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Stop charging…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop charging: CZ000007' });
    expect(within(dialog).getByRole('link', { name: 'booking #1234' })).toHaveAttribute('href', '/booking-management/all-bookings/bookings/1234');
    const session = within(dialog).getByRole('combobox', { name: 'Session' });
    expect(within(session).getAllByRole('option').map((o) => o.textContent)).toEqual(['Connector 2, transaction 502 (test charge)']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop charging' }));
    await vi.waitFor(() => expect(sent.at(-1)?.payload).toEqual({ transactionId: 502 }));
  });

  it('reads the configuration as a filterable table and changes an editable key in place, then reads it again', async () => {
    const sent = fakeApi([
      { key: 'HeartbeatInterval', value: '300', readonly: false },
      { key: 'LocalAuthListEnabled', value: 'true', readonly: false },
      { key: 'MeterValueSampleInterval', value: '60', readonly: false },
      { key: 'NumberOfConnectors', value: '2', readonly: true },
    ]);
    const panel = await openPanel(['ROLE_EXECUTE_COMMAND']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Read configuration' }));
    const table = await screen.findByRole('table', { name: 'Configuration keys' });
    const rowOf = (key: string) => within(table).getByText(key).closest('tr')!;
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(rowOf('NumberOfConnectors')).getByText('Read-only')).toBeInTheDocument();
    expect(within(rowOf('NumberOfConnectors')).queryByRole('button')).not.toBeInTheDocument();
    // The heartbeat interval is the central system's (given at boot); the local list's switch needs its permission.
    expect(within(rowOf('HeartbeatInterval')).getByText('Set by the central system')).toHaveAttribute('title', expect.stringMatching(/heartbeat interval when it boots/));
    expect(within(rowOf('HeartbeatInterval')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('LocalAuthListEnabled')).getByText('Editable with Manage local list')).toBeInTheDocument();
    expect(within(rowOf('LocalAuthListEnabled')).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter keys' }), 'metervalue');
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    await userEvent.click(within(table).getByRole('button', { name: 'Change MeterValueSampleInterval' }));
    const input = within(table).getByRole('textbox', { name: 'New value of MeterValueSampleInterval' });
    await userEvent.clear(input);
    await userEvent.type(input, '120');
    await userEvent.click(within(table).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Change MeterValueSampleInterval?' });
    expect(confirm).toHaveTextContent('from “60” to “120”');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Change' }));
    await vi.waitFor(() => expect(sent.map((s) => s.action)).toEqual(['GetConfiguration', 'ChangeConfiguration', 'GetConfiguration']));
    expect(sent[1]!.payload).toEqual({ key: 'MeterValueSampleInterval', value: '120' });
    const again = await screen.findByRole('table', { name: 'Configuration keys' });
    await vi.waitFor(() => expect(within(within(again).getByText('MeterValueSampleInterval').closest('tr')!).getByText('120')).toBeInTheDocument());
  });

  it("offers the local list's settings to whoever manages the list", async () => {
    fakeApi([{ key: 'LocalAuthListEnabled', value: 'true', readonly: false }]);
    const panel = await openPanel(['ROLE_EXECUTE_COMMAND', 'ROLE_MANAGE_LOCAL_LIST']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Read configuration' }));
    const table = await screen.findByRole('table', { name: 'Configuration keys' });
    expect(within(table).getByText('Editable')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Change LocalAuthListEnabled' })).toBeInTheDocument();
  });

  it("opens at the command the palette named (the page's anchor): its form, or the configuration read", async () => {
    fakeApi([{ key: 'HeartbeatInterval', value: '300', readonly: false }]);
    window.history.replaceState(null, '', '/charger-management/all-chargers/7#command-unlock-connector');
    try {
      const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_EXECUTE_COMMAND']));
      render(<ChargerLivePanel chargerId={7} />, { wrapper: Wrapper });
      const dialog = await screen.findByRole('alertdialog', { name: 'Unlock connector: CZ000007' });
      expect(within(dialog).getByRole('combobox', { name: 'Connector' })).toHaveValue('1');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it("opens a command's form when the palette moves the page already on screen to its anchor", async () => {
    fakeApi();
    window.history.replaceState(null, '', '/charger-management/all-chargers/7');
    try {
      await openPanel(['ROLE_EXECUTE_COMMAND']);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      window.location.hash = '#command-unlock-connector';
      const dialog = await screen.findByRole('alertdialog', { name: 'Unlock connector: CZ000007' });
      expect(within(dialog).getByRole('combobox', { name: 'Connector' })).toHaveValue('1');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('reads the configuration at once when opened at Read configuration', async () => {
    const sent = fakeApi([{ key: 'HeartbeatInterval', value: '300', readonly: false }]);
    window.history.replaceState(null, '', '/charger-management/all-chargers/7#command-get-configuration');
    try {
      await openPanel(['ROLE_EXECUTE_COMMAND']);
      await screen.findByRole('table', { name: 'Configuration keys' });
      expect(sent.map((s) => s.action)).toEqual(['GetConfiguration']);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('shows the message log compact: the kind in words, the payload only on demand', async () => {
    fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS']));
    render(<ChargerLivePanel chargerId={7} />, { wrapper: Wrapper });
    const log = await screen.findByRole('table', { name: 'Message log' });
    const row = within(log).getAllByRole('row')[1]!;
    expect(within(row).getByText('Request')).toBeInTheDocument();
    expect(within(row).getByText('From charger')).toBeInTheDocument();
    const payload = within(row).getByText(/"big"/);
    expect(payload).not.toBeVisible();
    await userEvent.click(within(row).getByText(/Show payload/));
    expect(payload).toBeVisible();
    expect(payload.textContent).toContain('\n  "big"');
  });
});

describe('Send command… on the chargers list', () => {
  afterEach(() => vi.unstubAllGlobals());

  const SendCommand = chargerCommandsExtension.list!.bulkActions![0]!.component;
  const bulkProps = (target: BulkActionProps['target']): BulkActionProps => ({ resource: chargerResource, what: 'all 600 chargers matching this list', target, send: vi.fn() });

  function fakeBulkApi(matching: number) {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.startsWith('/charger-service/admin/charger')) return json(200, { items: [{ id: 11 }, { id: 12 }], count: matching, page: 0, size: 500 });
        if (url === '/ccu/charger-command' && init.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          return json(202, { batchId: '5b0c7c52-7a0e-4d7c-9a61-1f0d7f1e2a33', items: [] });
        }
        return json(200, {});
      }),
    );
    return posted;
  }

  async function choose(label: string) {
    await userEvent.click(screen.getByRole('button', { name: 'Send command…' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Reset…',
      'Change availability…',
      'Unlock connector…',
      'Change configuration…',
      'Request a message…',
      'Clear authorization cache…',
    ]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: label }));
  }

  it('refuses all matching past 500 chargers before anything is sent, saying how many match', async () => {
    const posted = fakeBulkApi(600);
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_EXECUTE_COMMAND']));
    render(<SendCommand {...bulkProps({ match: { chargerType: 'OCPP_16_JSON_CHARGER' } })} />, { wrapper: Wrapper });
    await choose('Clear authorization cache…');
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear authorization cache: all 600 chargers matching this list' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear authorization cache' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('At most 500 chargers take a command at once, and 600 match this list');
    expect(posted).toEqual([]);
  });

  it('sends the command to the selected chargers without waiting, then opens the batch’s results', async () => {
    const posted = fakeBulkApi(2);
    const { Wrapper, location } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_EXECUTE_COMMAND']), '/charger-management/all-chargers?chargerType=OCPP_16_JSON_CHARGER');
    render(<SendCommand {...bulkProps({ ids: ['11', '12'] })} />, { wrapper: Wrapper });
    await choose('Reset…');
    const dialog = await screen.findByRole('alertdialog', { name: /^Reset: / });
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Hard/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await vi.waitFor(() => expect(posted).toEqual([{ chargerIds: [11, 12], command: { action: 'Reset', payload: { type: 'Hard' } } }]));
    await vi.waitFor(() =>
      expect(location.history.at(-1)).toBe(`/charger-management/command-batches/5b0c7c52-7a0e-4d7c-9a61-1f0d7f1e2a33?back=${encodeURIComponent('/charger-management/all-chargers?chargerType=OCPP_16_JSON_CHARGER')}`),
    );
  });
});
