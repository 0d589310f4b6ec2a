import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearch, type RouteComponentProps } from 'wouter';
import { chargerResource } from '@domain/resources/chargers/charger';
import { formatDateTime } from '@domain/format-date';
import { formatKwh } from '@domain/format-energy';
import { canTestOverOcpp, ocppPaths, sendCommandAnswerSchema } from '@domain/ocpp';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { useCan } from '@resources/gated-action';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pushToast } from '@state/toasts';
import { stopTestCharge } from './charger-live-panel';
import { commandStatusLabel, formatKw } from './ocpp-labels';
import { useChargerLive, useMeterValues } from './ocpp-queries';
import './charger-live.css';

const typeLabel = (type: string) => chargerResource.allFields.chargerType?.options?.find((o) => o.value === type)?.label ?? type;

/** Only console paths are followed back (never another site). */
function safeBack(raw: string | null, chargerId: number): string {
  return raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : `/charger-management/all-chargers/${chargerId}`;
}

/**
 * Test charger (its context: chargerId, goBackUrl, hardwareInfo, sockets): pick a socket, start a
 * test charge, watch the meter values arrive through the live channel, stop it; Back returns to goBackUrl. An
 * offline charger says so before anything is sent; non-OCPP types say they need their own link.
 */
export function TestChargerPage({ params }: RouteComponentProps<{ chargerId: string }>) {
  const chargerId = Number(params.chargerId);
  const search = useSearch();
  const [, navigate] = useLocation();
  const goBackUrl = safeBack(new URLSearchParams(search).get('goBackUrl'), chargerId);
  const allowed = useCan('ROLE_TEST_DEVICE');
  const live = useChargerLive(chargerId);
  const [socket, setSocket] = useState(1);
  const [busy, setBusy] = useState(false);
  // What the last start or stop did: a start's "starts in a moment" stands until the session shows, a stop's words stay.
  const [message, setMessage] = useState<{ kind: 'start' | 'stop' | 'error'; text: string } | null>(null);
  const queryClient = useQueryClient();
  const testSession = live.data?.sessions.find((s) => s.isTest) ?? null;
  const meter = useMeterValues(chargerId, testSession?.transactionId ?? null, testSession !== null && allowed);

  if (!Number.isInteger(chargerId) || chargerId <= 0) return <p role="alert">This is not a charger id.</p>;
  if (!allowed) return <p role="alert">You do not have the permission this needs (ROLE_TEST_DEVICE).</p>;

  const start = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await apiRequest(ocppPaths.testStart, { body: { chargerId, connectorId: socket }, schema: sendCommandAnswerSchema });
      const item = answer.items[0];
      setMessage(
        item?.status === 'accepted'
          ? { kind: 'start', text: 'The charger accepted: charging starts in a moment.' }
          : { kind: 'error', text: `Not started: ${commandStatusLabel(item?.status ?? 'failed')}${item?.error ? `. ${item.error}` : ''}` },
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(chargerId).all });
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const stop = async () => {
    if (!testSession) return;
    setBusy(true);
    setMessage(null);
    try {
      const item = await stopTestCharge(chargerId, testSession.transactionId);
      setMessage(
        item?.status === 'accepted'
          ? { kind: 'stop', text: `Stopped: ${formatKwh(testSession.energyWh)} delivered on socket ${testSession.connectorId}. The booking has the final reading.` }
          : { kind: 'error', text: `Not stopped: ${commandStatusLabel(item?.status ?? 'failed')}${item?.error ? `. ${item.error}` : ''}` },
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.ocpp(chargerId).all });
    } catch (error) {
      pushToast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page test-charger" aria-labelledby="test-charger-title">
      <header className="resource-page__header">
        <div>
          <p className="resource-page__eyebrow">Charger · {chargerId}</p>
          <h1 id="test-charger-title">Test charger{live.data ? ` ${live.data.uniqueId}` : ''}</h1>
        </div>
        <div className="resource-page__actions">
          <Button variant="secondary" onPress={() => navigate(goBackUrl)}>
            Back
          </Button>
        </div>
      </header>
      {live.isPending ? (
        <LoadingIndicator label="Loading the charger…" showLabel />
      ) : live.isError ? (
        <p role="alert">The charger could not be loaded: {errorMessage(live.error)}</p>
      ) : (
        <>
          <dl className="detail-grid" aria-label="Hardware">
            <div className="detail-grid__item">
              <dt>Unique id</dt>
              <dd>{live.data.uniqueId}</dd>
            </div>
            <div className="detail-grid__item">
              <dt>Charger type</dt>
              <dd>{typeLabel(live.data.chargerType)}</dd>
            </div>
            <div className="detail-grid__item">
              <dt>Usage type</dt>
              <dd>{live.data.usageType ?? '-'}</dd>
            </div>
            <div className="detail-grid__item">
              <dt>Active</dt>
              <dd>{live.data.isActive ? 'Yes' : 'No'}</dd>
            </div>
            <div className="detail-grid__item">
              <dt>CCU id</dt>
              <dd>{live.data.ccuId ?? '-'}</dd>
            </div>
            <div className="detail-grid__item">
              <dt>Connectivity</dt>
              <dd>
                <span className={`pill pill--${live.data.isOnline ? 'success' : 'neutral'}`} data-testid="test-connectivity">
                  {live.data.isOnline ? 'Online' : 'Offline'}
                </span>
              </dd>
            </div>
          </dl>
          {!canTestOverOcpp(live.data.chargerType) ? (
            <p role="alert">Test charging a {typeLabel(live.data.chargerType)} charger needs its own link, which the console does not have yet.</p>
          ) : !live.data.isOnline ? (
            <p role="alert">This charger is offline: nothing can be sent to it until it reconnects.</p>
          ) : testSession ? (
            <section aria-label="Test charge" className="detail-section">
              <h2>Test charge on socket {testSession.connectorId}</h2>
              <p className="test-charger__meter">
                <span data-testid="test-energy">{formatKwh(testSession.energyWh)}</span> · <span>{formatKw(testSession.powerW)}</span>
              </p>
              <p>
                Started {formatDateTime(testSession.startedAt)}.
                {testSession.bookingId ? (
                  <>
                    {' '}
                    Its booking: <Link href={`/booking-management/all-bookings/bookings/${testSession.bookingId}`}>#{testSession.bookingId}</Link>.
                  </>
                ) : null}
              </p>
              <Button variant="danger" onPress={() => void stop()} isDisabled={busy}>
                Stop test charge
              </Button>
              <h3>Meter values</h3>
              {meter.isPending ? (
                <LoadingIndicator label="Loading meter values…" />
              ) : meter.isError ? (
                <p role="alert">{errorMessage(meter.error)}</p>
              ) : meter.data.items.length === 0 ? (
                <p>Waiting for the first meter values…</p>
              ) : (
                <table className="ocpp-table" aria-label="Meter values">
                  <thead>
                    <tr>
                      <th scope="col">Time</th>
                      <th scope="col">Energy register</th>
                      <th scope="col">Power</th>
                      <th scope="col">Current</th>
                      <th scope="col">Voltage</th>
                      <th scope="col">State of charge</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...meter.data.items].reverse().slice(0, 10).map((m, i) => (
                      <tr key={`${m.sampledAt}-${i}`}>
                        <td>{formatDateTime(m.sampledAt)}</td>
                        <td>{formatKwh(m.energyWh)}</td>
                        <td>{formatKw(m.powerW)}</td>
                        <td>{m.currentA === null ? '-' : `${m.currentA.toFixed(1)} A`}</td>
                        <td>{m.voltageV === null ? '-' : `${Math.round(m.voltageV)} V`}</td>
                        <td>{m.soc === null ? '-' : `${Math.round(m.soc)} %`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          ) : (
            <section aria-label="Start a test charge" className="detail-section">
              <fieldset className="test-charger__sockets">
                <legend>Socket</legend>
                {(live.data.sockets.length > 0 ? live.data.sockets : [{ code: 'SOCKET', displayText: 'Socket', value: 0 }]).map((s, i) => (
                  <label key={`${s.code}-${i}`}>
                    <input type="radio" name="socket" value={i + 1} checked={socket === i + 1} onChange={() => setSocket(i + 1)} /> Socket {i + 1}: {s.displayText}
                    {s.value ? ` (${s.value} kW)` : ''}
                  </label>
                ))}
              </fieldset>
              <Button variant="primary" onPress={() => void start()} isDisabled={busy}>
                {busy ? 'Starting…' : 'Start test charge'}
              </Button>
            </section>
          )}
          {message && !(message.kind === 'start' && testSession) ? <p role="status">{message.text}</p> : null}
        </>
      )}
    </section>
  );
}
