import type { BookingTimelineEntry } from '@domain/booking-timeline';
import { formatDateTime } from '@domain/format-date';
import { formatKwh } from '@domain/format-energy';
import { formatInr } from '@domain/format-money';
import { errorMessage } from '@data/api-client';
import { LoadingIndicator } from '@ui/loading-indicator';
import { useBookingTimeline } from './booking-timeline-query';

const kindLabels: Record<BookingTimelineEntry['kind'], string> = { transition: 'Status', charger: 'Charger', money: 'Money' };

/** A signed amount in rupees ("+₹120.00", "−₹80.00"). */
function signed(paise: number): string {
  return `${paise < 0 ? '−' : '+'}${formatInr(Math.abs(paise))}`;
}

function MoneyLine({ entry }: { entry: BookingTimelineEntry }) {
  const parts = [
    entry.walletAmount !== null ? `Wallet ${signed(entry.walletAmount)}` : null,
    entry.owedAmount !== null ? `Owed ${signed(entry.owedAmount)}` : null,
    entry.revenueAmount !== null ? `Revenue ${signed(entry.revenueAmount)}` : null,
    entry.gstAmount !== null ? `GST ${signed(entry.gstAmount)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? <p>{parts.join(' · ')}</p> : null;
}

/**
 * A booking's timeline on its page: its machine's transitions, its charger session (start, latest meter values,
 * stop) and the money its ledger postings moved, oldest first; while it charges, the live energy and power. The live
 * channel refreshes it (the booking's query keys).
 */
export function BookingTimelinePanel({ bookingId }: { bookingId: string }) {
  const timeline = useBookingTimeline(bookingId);
  return (
    <section className="detail-section" aria-label="Booking timeline">
      <h2>Timeline</h2>
      {timeline.isPending ? (
        <LoadingIndicator label="Loading the booking's timeline" />
      ) : timeline.error ? (
        <p role="alert">{errorMessage(timeline.error)}</p>
      ) : (
        <>
          {timeline.data.live ? (
            <p className="pill pill--warning">
              Charging now on connector {timeline.data.live.connectorId}: {formatKwh(timeline.data.figures.energyWh)}, {formatInr(timeline.data.figures.amount)} so far
              {timeline.data.live.powerW !== null ? `, ${(timeline.data.live.powerW / 1000).toFixed(1)} kW` : ''}
            </p>
          ) : null}
          {timeline.data.items.length === 0 ? (
            <p className="ui-field__description">Nothing has happened to this booking yet.</p>
          ) : (
            <ol className="audit-timeline">
              {timeline.data.items.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  <p>
                    <span className="pill pill--neutral">{kindLabels[entry.kind]}</span> <strong>{entry.title}</strong>
                    <span className="audit-timeline__when"> · {formatDateTime(entry.at)}</span>
                  </p>
                  {entry.detail ? <p>{entry.detail}</p> : null}
                  {entry.kind === 'money' ? <MoneyLine entry={entry} /> : null}
                  {entry.energyWh !== null ? (
                    <p>
                      Energy {formatKwh(entry.energyWh)}
                      {entry.powerW !== null ? ` · power ${(entry.powerW / 1000).toFixed(1)} kW` : ''}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
