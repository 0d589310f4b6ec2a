// Stale sessions (Booking Management): charging or paused bookings whose charger session sent no meter value for the
// server's setting, or that have no open session; quietest first, each a link to the booking where Close session is.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatDateTime } from '@domain/format-date';
import { formatKwh } from '@domain/format-energy';
import { nameDotNumber } from '@domain/phone';
import { humanise } from '@domain/resource/field';
import { bookingResource } from '@domain/resources/bookings/booking';
import { staleSessionsApiPath, staleSessionsSchema, type StaleSession } from '@domain/stale-sessions';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { ResultTable, type ResultColumn } from '@ui/result-table';
import { ago } from '@workflows/charger-live/ocpp-labels';

/** The query key of the stale sessions (under the bookings' lists, so a booking's change refreshes it). */
export const staleSessionsKey = [...queryKeys.resource(bookingResource.name).lists, 'stale-sessions'] as const;

const bookingHref = (id: number) => bookingResource.detailPath!.replace(':id', String(id));

const columns: readonly ResultColumn<StaleSession>[] = [
  { id: 'booking', header: 'Booking', render: (s) => <Link href={bookingHref(s.bookingId)}>Booking {s.bookingId}</Link> },
  { id: 'status', header: 'Status', render: (s) => humanise(s.status) },
  { id: 'customer', header: 'Customer', render: (s) => nameDotNumber(s.userName, s.userPhone) },
  { id: 'charger', header: 'Charger', render: (s) => s.chargerName ?? '-' },
  { id: 'started', header: 'Started', render: (s) => formatDateTime(s.bookingStartedAt) },
  {
    id: 'last-meter',
    header: 'Last meter value',
    testId: 'stale-last-meter',
    render: (s) => (s.transactionId === null ? 'No charger session' : s.lastMeterAt ? `${formatKwh(s.energyWh)}, ${ago(s.lastMeterAt)}` : 'None since it started'),
  },
];

export function StaleSessionsPage() {
  const stale = useQuery({ queryKey: staleSessionsKey, queryFn: ({ signal }) => apiRequest(staleSessionsApiPath, { schema: staleSessionsSchema, signal }) });
  return (
    <section className="page" aria-labelledby="stale-sessions-title">
      <h1 id="stale-sessions-title">Stale sessions</h1>
      {stale.isPending ? (
        <LoadingIndicator label="Loading stale sessions" showLabel />
      ) : stale.error ? (
        <div role="alert">
          <p>{errorMessage(stale.error)}</p>
          <Button onPress={() => void stale.refetch()}>Try again</Button>
        </div>
      ) : (
        <>
          <p className="ui-field__description">
            Charging or paused bookings whose charger sent no meter value for {stale.data.staleAfterMinutes} minutes, or that have no charger session. Open one
            to close its session with its last meter value.
          </p>
          {stale.data.items.length === 0 ? (
            <p>No stale sessions: every charging booking is hearing from its charger.</p>
          ) : (
            <>
              <p>
                {stale.data.count.toLocaleString('en-IN')} stale {stale.data.count === 1 ? 'session' : 'sessions'}
                {stale.data.count > stale.data.items.length ? `, the ${stale.data.items.length} quietest shown` : ''}.
              </p>
              <ResultTable label="Stale sessions" columns={columns} rows={stale.data.items} rowKey={(s) => s.bookingId} />
            </>
          )}
        </>
      )}
    </section>
  );
}
