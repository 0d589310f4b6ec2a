import { BookingReservation } from './booking-reservation';
import type { BookingTimelineEntry } from '@domain/booking-timeline';
import { formatKwh } from '@domain/format-energy';
import { formatInr } from '@domain/format-money';
import type { RecordEvent } from '@domain/record-activity';
import { ActivityTimeline } from '@resources/activity-timeline';
import type { RecordHistoryProps } from '@resources/resource-extension';
import { ago } from '@workflows/charger-live/ocpp-labels';
import { useBookingTimeline } from './booking-timeline-query';

const kindLabels: Record<BookingTimelineEntry['kind'], string> = { transition: 'Status', charger: 'Charger', money: 'Money' };

/** A signed amount in rupees ("+₹120", "−₹80"). */
function signed(paise: number): string {
  return `${paise < 0 ? '−' : '+'}${formatInr(Math.abs(paise))}`;
}

/** What an entry of the booking's timeline says beyond its title: its detail, the money it moved, the meter reading. */
export function entryLines(entry: BookingTimelineEntry): string[] {
  const money = [
    entry.walletAmount !== null ? `Wallet ${signed(entry.walletAmount)}` : null,
    entry.owedAmount !== null ? `Owed ${signed(entry.owedAmount)}` : null,
    entry.revenueAmount !== null ? `Revenue ${signed(entry.revenueAmount)}` : null,
    entry.gstAmount !== null ? `GST ${signed(entry.gstAmount)}` : null,
  ].filter(Boolean);
  return [
    ...(entry.detail ? [entry.detail] : []),
    ...(entry.kind === 'money' && money.length > 0 ? [money.join(' · ')] : []),
    ...(entry.energyWh !== null ? [`Energy ${formatKwh(entry.energyWh)}${entry.powerW !== null ? ` · power ${(entry.powerW / 1000).toFixed(1)} kW` : ''}`] : []),
  ];
}

/**
 * A booking's one timeline: its history (field changes and its machine's moves, from the audit) with its charger
 * session (start, meter values, stop) and the money its ledger postings moved, newest first; while it charges, the
 * live energy and power above it. The booking timeline's own transitions are the audit's moves, so they are not
 * repeated. The live channel refreshes it (the booking's query keys).
 */
export function BookingHistory({ resource, id, recordReadAt }: RecordHistoryProps) {
  const timeline = useBookingTimeline(id);
  const live = timeline.data?.live;
  const figures = timeline.data?.figures;
  const items: RecordEvent[] = (timeline.data?.items ?? [])
    .filter((entry) => entry.kind !== 'transition')
    .map((entry, i) => ({ key: `${entry.kind}-${i}`, at: entry.at, label: kindLabels[entry.kind], title: entry.title, lines: entryLines(entry) }));
  return (
    <ActivityTimeline
      resource={resource}
      id={id}
      recordReadAt={recordReadAt}
      events={{
        items,
        pending: timeline.isPending,
        error: timeline.error,
        header: live ? (
          live.stale ? (
            <p className="pill pill--danger">
              {live.lastMeterAt ? `Last meter value ${ago(live.lastMeterAt)}` : 'No meter value yet'}: {formatKwh(figures?.energyWh ?? live.energyWh)}, {formatInr(figures?.amount)}. Close
              session if the charger will not end it.
            </p>
          ) : (
            <p className="pill pill--warning">
              Charging now on connector {live.connectorId}: {formatKwh(figures?.energyWh ?? live.energyWh)}, {formatInr(figures?.amount)} so far
              {live.powerW !== null ? `, ${(live.powerW / 1000).toFixed(1)} kW` : ''}
            </p>
          )
        ) : (
          <BookingReservation id={id} />
        ),
      }}
    />
  );
}
