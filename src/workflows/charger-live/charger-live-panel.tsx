import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { bookingResource } from '@domain/resources/bookings/booking';
import { formatDateTime } from '@domain/format-date';
import { formatKwh } from '@domain/format-energy';
import { chargerActionAnchors } from '@commands/charger-commands';
import { canTestOverOcpp, ocppPaths, sendCommandAnswerSchema, testChargeStopSchema, testChargerPath, type ChargerLive, type OcppMessage } from '@domain/ocpp';
import { apiRequest, errorMessage } from '@data/api-client';
import { useLiveStatus } from '@data/live-events';
import { queryKeys } from '@data/query-keys';
import { useCan } from '@resources/gated-action';
import { ResourceActionButton } from '@resources/resource-action';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable } from '@ui/result-table';
import { pushToast } from '@state/toasts';
import { CommandPanel } from '@workflows/charger-commands/command-panel';
import { useChargerCommands, useChargerLive, useMessageLog } from './ocpp-queries';
import { usePageAnchor } from './use-page-anchor';
import { ago, commandLabel, commandStatusLabel, commandTone, connectorStatusLabels, connectorTone, formatKw } from './ocpp-labels';
import './charger-live.css';

/** Stops a test charge (RemoteStopTransaction through test charging, which stops nothing else); answers its record. */
export async function stopTestCharge(chargerId: number, transactionId: number) {
  const answer = await apiRequest(ocppPaths.testStop, { body: testChargeStopSchema.parse({ chargerId, transactionId }), schema: sendCommandAnswerSchema });
  const item = answer.items[0];
  pushToast(`Stop test charge: ${commandStatusLabel(item?.status ?? 'failed')}${item?.error ? `. ${item.error}` : ''}`, item?.status === 'accepted' ? 'success' : 'error');
  return item;
}

/** Messages of the log read at a time ("Load more" reads as many again), and the most one read holds. */
const LOG_PAGE = 20;
const MAX_LOG_SIZE = 200;

/** A logged frame's kind in words: a request, its answer, an error with its code, or a frame that was not OCPP. */
function messageTypeText(m: OcppMessage): string {
  if (m.messageType === 'CALL') return 'Request';
  if (m.messageType === 'RESULT') return 'Answer';
  if (m.messageType === 'ERROR') return `Error${m.errorCode ? `: ${m.errorCode}` : ''}`;
  if (m.messageType === 'BAD') return 'Not a valid frame';
  return m.errorCode ? `${m.messageType} (${m.errorCode})` : m.messageType;
}

/** A frame's payload on demand: a disclosure with the JSON pretty-printed in a scrolling box. */
function PayloadDisclosure({ message }: { message: OcppMessage }) {
  if (message.payload === null || message.payload === undefined) return <>-</>;
  const text = JSON.stringify(message.payload, null, 2);
  return (
    <details className="message-log__details">
      <summary>Show payload ({text.length.toLocaleString('en-IN')} characters)</summary>
      <pre className="message-log__payload" tabIndex={0}>
        {text}
      </pre>
    </details>
  );
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
 * The live part of a charger's page (OCPP chargers): connectivity, last heartbeat, each connector, the open sessions
 * with live power and energy, commands with their answers and the message log. Refreshed by the live channel, not by
 * polling. Each OCPP feature (reservations, local list, smart charging, firmware, diagnostics) is a card of its own
 * below it (src/app/resource-extensions.ts orders them): the firmware version and status are the Firmware card's.
 */
export function ChargerLivePanel({ chargerId }: { chargerId: number }) {
  const live = useChargerLive(chargerId);
  const liveStatus = useLiveStatus();
  const canCommand = useCan('ROLE_EXECUTE_COMMAND');
  const canTest = useCan('ROLE_TEST_DEVICE');
  const canLog = useCan('ROLE_VIEW_HARDWARE_ACTIVITY_LOGS');
  const commands = useChargerCommands(chargerId, canCommand);
  const [q, setQ] = useState('');
  const [logSize, setLogSize] = useState(LOG_PAGE);
  const messages = useMessageLog(chargerId, q, canLog, logSize);
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const stopRef = useRef<HTMLSpanElement>(null);
  const ready = live.isSuccess;
  // The palette's "Stop session…" opens this page at the sessions (or moves the fragment of the page on screen): the
  // first one's stop gets the focus (a command's anchor opens its form: CommandPanel).
  usePageAnchor(chargerActionAnchors.stop, () => stopRef.current?.querySelector<HTMLElement>('button, a')?.focus(), ready);

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
      </dl>

      <h3>Connectors</h3>
      {d.connectors.length === 0 ? (
        <p>No connector has reported its status yet.</p>
      ) : (
        <ResultTable
          className="ocpp-table"
          rows={d.connectors}
          rowKey={(k) => k.connectorId}
          columns={[
            { id: 'connector', header: 'Connector', render: (k) => (k.connectorId === 0 ? 'Whole charger' : `Connector ${k.connectorId}`) },
            { id: 'status', header: 'Status', render: (k) => <span className={`pill pill--${connectorTone(k.status)}`}>{connectorStatusLabels[k.status] ?? k.status}</span> },
            { id: 'error', header: 'Error code', render: (k) => (k.errorCode === 'NoError' ? '-' : k.errorCode) },
            { id: 'since', header: 'Since', render: (k) => formatDateTime(k.updatedAt) },
            { id: 'ticket', header: 'Servicing ticket', render: (k) => (k.faultTicketId ? <Link href={`/charger-management/servicing-required/tickets/${k.faultTicketId}`}>#{k.faultTicketId}</Link> : '-') },
          ]}
        />
      )}

      <h3>Current session</h3>
      {d.sessions.length === 0 ? (
        <p>No session is running.</p>
      ) : (
        <ResultTable
          className="ocpp-table"
          label="Current sessions"
          rows={d.sessions}
          rowKey={(s) => s.transactionId}
          columns={[
            {
              id: 'connector',
              header: 'Connector',
              render: (s) => (
                <>
                  {s.connectorId}
                  {s.isTest ? ' (test)' : ''}
                </>
              ),
            },
            { id: 'started', header: 'Started', render: (s) => formatDateTime(s.startedAt) },
            { id: 'energy', header: 'Energy', testId: 'session-energy', render: (s) => formatKwh(s.energyWh) },
            { id: 'power', header: 'Power', render: (s) => formatKw(s.powerW) },
            { id: 'booking', header: 'Booking', render: (s) => (s.bookingId ? <Link href={`/booking-management/all-bookings/bookings/${s.bookingId}`}>#{s.bookingId}</Link> : '-') },
            {
              id: 'actions',
              header: 'Actions',
              headerHidden: true,
              render: (s) => (
                <span ref={d.sessions[0]?.transactionId === s.transactionId ? stopRef : undefined}>
                  <SessionStop chargerId={chargerId} session={s} canTest={canTest} />
                </span>
              ),
            },
          ]}
        />
      )}

      {canCommand ? (
        <>
          <h3>Commands</h3>
          <CommandPanel live={d} />
          {commands.isPending ? (
            <LoadingIndicator label="Loading commands…" />
          ) : commands.isError ? (
            <p role="alert">{errorMessage(commands.error)}</p>
          ) : commands.data.items.length === 0 ? (
            <p>No command was sent to this charger.</p>
          ) : (
            <ResultTable
              className="ocpp-table"
              label="Commands"
              rows={commands.data.items}
              rowKey={(cmd) => cmd.id}
              columns={[
                { id: 'sent', header: 'Sent', render: (cmd) => formatDateTime(cmd.createdAt) },
                { id: 'command', header: 'Command', render: (cmd) => commandLabel(cmd.action) },
                { id: 'by', header: 'By', render: (cmd) => cmd.requestedByName ?? '-' },
                {
                  id: 'result',
                  header: 'Result',
                  render: (cmd) => (
                    <>
                      <span className={`pill pill--${commandTone(cmd.status)}`}>{commandStatusLabel(cmd.status)}</span>
                      {cmd.error ? <span className="ocpp-live__error"> {cmd.error}</span> : null}
                    </>
                  ),
                },
              ]}
            />
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
            <ResultTable
              className="ocpp-table ocpp-table--log"
              label="Message log"
              rows={messages.data.items}
              rowKey={(m) => m.id}
              columns={[
                { id: 'time', header: 'Time', render: (m) => formatDateTime(m.createdAt) },
                { id: 'direction', header: 'Direction', render: (m) => (m.direction === 'IN' ? 'From charger' : 'To charger') },
                { id: 'action', header: 'Action', render: (m) => m.action ?? '-' },
                { id: 'type', header: 'Type', render: messageTypeText },
                { id: 'payload', header: 'Payload', render: (m) => <PayloadDisclosure message={m} /> },
              ]}
            />
          )}
          {messages.data ? (
            <p className="ocpp-live__count">
              {messages.data.count === 0
                ? null
                : `${Math.min(messages.data.items.length, messages.data.count)} of ${messages.data.count.toLocaleString('en-IN')}${messages.data.count >= 10_000 ? '+' : ''} message${messages.data.count === 1 ? '' : 's'} shown, newest first. `}
              {messages.data.items.length < messages.data.count && logSize < MAX_LOG_SIZE ? (
                <Button variant="secondary" size="sm" onPress={() => setLogSize((n) => Math.min(MAX_LOG_SIZE, n + LOG_PAGE))} isPending={messages.isFetching}>
                  Load more
                </Button>
              ) : null}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
