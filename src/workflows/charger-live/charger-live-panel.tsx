import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { bookingResource } from '@domain/entities/bookings';
import { formatDateTime } from '@domain/format-date';
import { formatKwh } from '@domain/format-energy';
import { chargerActionAnchors } from '@commands/charger-commands';
import { canTestOverOcpp, ocppPaths, sendCommandAnswerSchema, testChargeStopSchema, testChargerPath, type ChargerLive } from '@domain/ocpp';
import { apiRequest, errorMessage } from '@data/api-client';
import { useLiveStatus } from '@data/live-events';
import { queryKeys } from '@data/query-keys';
import { useCan } from '@resources/gated-action';
import { ResourceActionButton } from '@resources/resource-action';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pushToast } from '@state/toasts';
import { useChargerCommands, useChargerLive, useMessageLog } from './ocpp-queries';
import { ago, commandLabel, commandStatusLabel, commandTone, connectorStatusLabels, connectorTone, formatKw } from './ocpp-labels';
import './charger-live.css';

/** Sends Reset (soft or hard) and tells the answer. */
async function sendReset(chargerId: number, type: 'Soft' | 'Hard') {
  const answer = await apiRequest(ocppPaths.command, { body: { chargerIds: [chargerId], command: { action: 'Reset', payload: { type } }, wait: true }, schema: sendCommandAnswerSchema });
  const item = answer.items[0];
  pushToast(`Reset (${type.toLowerCase()}): ${commandStatusLabel(item?.status ?? 'failed')}${item?.error ? `. ${item.error}` : ''}`, item?.status === 'accepted' ? 'success' : 'error');
}

/** Stops a test charge (RemoteStopTransaction through test charging, which stops nothing else). */
export async function stopTestCharge(chargerId: number, transactionId: number) {
  const answer = await apiRequest(ocppPaths.testStop, { body: testChargeStopSchema.parse({ chargerId, transactionId }), schema: sendCommandAnswerSchema });
  const item = answer.items[0];
  pushToast(`Stop test charge: ${commandStatusLabel(item?.status ?? 'failed')}${item?.error ? `. ${item.error}` : ''}`, item?.status === 'accepted' ? 'success' : 'error');
}

/** The booking's own Stop charging (its permission, its reason, its confirm), as the booking's page offers it. */
const bookingStop = bookingResource.actions.find((a) => a.name === 'stop-charging')!;

/**
 * How a session stops from the charger's page: a customer's through its booking's Stop charging (a reason is kept in
 * the booking's history; the server refuses any other way), a test charge through test charging's stop. Any other
 * session (a booking already ended, no booking) has nothing to offer here.
 */
function SessionStop({ chargerId, session, canTest }: { chargerId: number; session: ChargerLive['sessions'][number]; canTest: boolean }) {
  if (session.isTest) {
    if (!canTest) return null;
    return (
      <ConfirmDialog
        title="Stop this test charge?"
        confirmLabel="Stop test charge"
        onConfirm={() => stopTestCharge(chargerId, session.transactionId).catch((e: unknown) => pushToast(errorMessage(e), 'error'))}
        trigger={
          <Button variant="danger" size="sm">
            Stop test charge…
          </Button>
        }
      >
        The test charge on connector {session.connectorId} stops now ({formatKwh(session.energyWh)} so far).
      </ConfirmDialog>
    );
  }
  if (session.bookingId === null) return null;
  return <ResourceActionButton resource={bookingResource} action={bookingStop} record={{ id: session.bookingId, status: session.bookingStatus }} />;
}

/**
 * The live part of a charger's page (OCPP chargers): connectivity, last heartbeat, firmware, each connector, the
 * open sessions with live power and energy, commands with their answers and the message log. Refreshed by the
 * live channel, not by polling.
 */
export function ChargerLivePanel({ chargerId }: { chargerId: number }) {
  const live = useChargerLive(chargerId);
  const liveStatus = useLiveStatus();
  const canCommand = useCan('ROLE_EXECUTE_COMMAND');
  const canTest = useCan('ROLE_TEST_DEVICE');
  const canLog = useCan('ROLE_VIEW_HARDWARE_ACTIVITY_LOGS');
  const commands = useChargerCommands(chargerId, canCommand);
  const [q, setQ] = useState('');
  const messages = useMessageLog(chargerId, q, canLog);
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const [resetType, setResetType] = useState<'Soft' | 'Hard'>('Soft');
  const resetRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLSpanElement>(null);
  const ready = live.isSuccess;
  // The palette's "Reset charger…" and "Stop session…" open this page at the action: its button gets the focus.
  useEffect(() => {
    if (!ready) return;
    const anchor = window.location.hash.slice(1);
    if (anchor === chargerActionAnchors.reset) resetRef.current?.focus();
    if (anchor === chargerActionAnchors.stop) stopRef.current?.querySelector('button')?.focus();
  }, [ready]);

  if (live.isPending) return <LoadingIndicator label="Loading live state…" showLabel />;
  if (live.isError) return <p role="alert">Live state could not be loaded: {errorMessage(live.error)}</p>;
  const d = live.data;
  if (!canTestOverOcpp(d.chargerType)) {
    return (
      <section className="detail-section ocpp-live" aria-label="Live state">
        <h2>Live state</h2>
        <p>This charger does not speak OCPP: its live state, commands and test charging need its own link, which the console does not have yet.</p>
      </section>
    );
  }
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(chargerId).all });

  return (
    <section className="detail-section ocpp-live" aria-label="Live state">
      <header className="ocpp-live__header">
        <h2>Live state</h2>
        <span className={`pill pill--${d.isOnline ? (d.connectivityStatus === 'FAULTED' ? 'danger' : 'success') : 'neutral'}`} data-testid="connectivity">
          {d.isOnline ? (d.connectivityStatus === 'FAULTED' ? 'Online, faulted' : 'Online') : 'Offline'}
        </span>
        <span className="ocpp-live__stream" title="Updates arrive through the live channel">
          {liveStatus.state === 'open' ? 'Live' : liveStatus.state === 'connecting' ? 'Reconnecting…' : 'Not live: refresh to update'}
        </span>
        <div className="ocpp-live__actions">
          {canTest ? (
            <Link className="ui-button ui-button--secondary ui-button--md" href={testChargerPath(chargerId, location)}>
              Test charger
            </Link>
          ) : null}
          {canCommand ? (
            <ConfirmDialog
              title="Reset charger?"
              confirmLabel={`${resetType} reset`}
              onConfirm={() => sendReset(chargerId, resetType).catch((e: unknown) => pushToast(errorMessage(e), 'error'))}
              trigger={
                <Button ref={resetRef} id={chargerActionAnchors.reset} variant="secondary" isDisabled={!d.isOnline}>
                  Reset…
                </Button>
              }
            >
              <p>{d.uniqueId} restarts: any session on it stops. A soft reset restarts its software; a hard reset power-cycles it.</p>
              <fieldset className="ocpp-live__choice">
                <legend>Kind of reset</legend>
                {(['Soft', 'Hard'] as const).map((t) => (
                  <label key={t}>
                    <input type="radio" name="reset-type" value={t} checked={resetType === t} onChange={() => setResetType(t)} /> {t}
                  </label>
                ))}
              </fieldset>
            </ConfirmDialog>
          ) : null}
          <Button variant="secondary" onPress={refresh}>
            Refresh
          </Button>
        </div>
      </header>
      {!d.isOnline ? <p className="ocpp-live__offline">Offline: commands are refused until the charger reconnects. Last seen {ago(d.lastSeenAt)}.</p> : null}
      <dl className="detail-grid">
        <div className="detail-grid__item">
          <dt>Last seen</dt>
          <dd>{d.lastSeenAt ? `${ago(d.lastSeenAt)} (${formatDateTime(d.lastSeenAt)})` : 'Never connected'}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>Last heartbeat</dt>
          <dd>{d.lastHeartbeatAt ? formatDateTime(d.lastHeartbeatAt) : '-'}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>Heartbeat interval</dt>
          <dd>{d.heartbeatInterval ? `${d.heartbeatInterval} s` : '-'}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>Charge box id</dt>
          <dd>{d.chargeBoxId ?? '-'}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>Vendor and model</dt>
          <dd>{d.vendor ? `${d.vendor} ${d.model ?? ''}` : '-'}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>Firmware</dt>
          <dd>{d.firmwareVersion ?? '-'}{d.firmwareStatus ? ` (${d.firmwareStatus})` : ''}</dd>
        </div>
      </dl>

      <h3>Connectors</h3>
      {d.connectors.length === 0 ? (
        <p>No connector has reported its status yet.</p>
      ) : (
        <table className="ocpp-table">
          <thead>
            <tr>
              <th scope="col">Connector</th>
              <th scope="col">Status</th>
              <th scope="col">Error code</th>
              <th scope="col">Since</th>
              <th scope="col">Servicing ticket</th>
            </tr>
          </thead>
          <tbody>
            {d.connectors.map((k) => (
              <tr key={k.connectorId}>
                <td>{k.connectorId === 0 ? 'Whole charger' : `Connector ${k.connectorId}`}</td>
                <td>
                  <span className={`pill pill--${connectorTone(k.status)}`}>{connectorStatusLabels[k.status] ?? k.status}</span>
                </td>
                <td>{k.errorCode === 'NoError' ? '-' : k.errorCode}</td>
                <td>{formatDateTime(k.updatedAt)}</td>
                <td>{k.faultTicketId ? <Link href={`/charger-management/servicing-required/tickets/${k.faultTicketId}`}>#{k.faultTicketId}</Link> : '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>Current session</h3>
      {d.sessions.length === 0 ? (
        <p>No session is running.</p>
      ) : (
        <table className="ocpp-table" aria-label="Current sessions">
          <thead>
            <tr>
              <th scope="col">Connector</th>
              <th scope="col">Started</th>
              <th scope="col">Energy</th>
              <th scope="col">Power</th>
              <th scope="col">Booking</th>
              <th scope="col">
                <span className="ui-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {d.sessions.map((s) => (
              <tr key={s.transactionId}>
                <td>
                  {s.connectorId}
                  {s.isTest ? ' (test)' : ''}
                </td>
                <td>{formatDateTime(s.startedAt)}</td>
                <td data-testid="session-energy">{formatKwh(s.energyWh)}</td>
                <td>{formatKw(s.powerW)}</td>
                <td>{s.bookingId ? <Link href={`/booking-management/all-bookings/bookings/${s.bookingId}`}>#{s.bookingId}</Link> : '-'}</td>
                <td>
                  <span ref={d.sessions[0]?.transactionId === s.transactionId ? stopRef : undefined}>
                    <SessionStop chargerId={chargerId} session={s} canTest={canTest} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {canCommand ? (
        <>
          <h3>Commands</h3>
          {commands.isPending ? (
            <LoadingIndicator label="Loading commands…" />
          ) : commands.isError ? (
            <p role="alert">{errorMessage(commands.error)}</p>
          ) : commands.data.items.length === 0 ? (
            <p>No command was sent to this charger.</p>
          ) : (
            <table className="ocpp-table" aria-label="Commands">
              <thead>
                <tr>
                  <th scope="col">Sent</th>
                  <th scope="col">Command</th>
                  <th scope="col">By</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {commands.data.items.map((cmd) => (
                  <tr key={cmd.id}>
                    <td>{formatDateTime(cmd.createdAt)}</td>
                    <td>{commandLabel(cmd.action)}</td>
                    <td>{cmd.requestedByName ?? '-'}</td>
                    <td>
                      <span className={`pill pill--${commandTone(cmd.status)}`}>{commandStatusLabel(cmd.status)}</span>
                      {cmd.error ? <span className="ocpp-live__error"> {cmd.error}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}

      {canLog ? (
        <>
          <h3>Message log</h3>
          <label className="ocpp-live__search">
            Search messages
            <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Action, error code or text" />
          </label>
          {messages.isPending ? (
            <LoadingIndicator label="Loading messages…" />
          ) : messages.isError ? (
            <p role="alert">{errorMessage(messages.error)}</p>
          ) : messages.data.items.length === 0 ? (
            <p>No message{q ? ' matches this search' : ' yet'}.</p>
          ) : (
            <table className="ocpp-table ocpp-table--log" aria-label="Message log">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Direction</th>
                  <th scope="col">Type</th>
                  <th scope="col">Action</th>
                  <th scope="col">Payload</th>
                </tr>
              </thead>
              <tbody>
                {messages.data.items.map((m) => (
                  <tr key={m.id}>
                    <td>{formatDateTime(m.createdAt)}</td>
                    <td>{m.direction === 'IN' ? 'From charger' : 'To charger'}</td>
                    <td>{m.errorCode ? `${m.messageType} (${m.errorCode})` : m.messageType}</td>
                    <td>{m.action ?? '-'}</td>
                    <td>
                      <code>{JSON.stringify(m.payload).slice(0, 200)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="ocpp-live__count">{messages.data ? `${messages.data.count} message${messages.data.count === 1 ? '' : 's'} (latest 20 shown)` : null}</p>
        </>
      ) : null}
    </section>
  );
}
