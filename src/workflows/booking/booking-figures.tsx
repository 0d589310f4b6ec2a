// A booking's energy and amount in its details: the same figures as its timeline (the live session's so far while it
// charges, the booking's own once it ended), from the one answer the server computes both from.
import { createContext, useContext, type ReactNode } from 'react';
import { formatKwh } from '@domain/format-energy';
import { formatInr } from '@domain/format-money';
import { bookingResource } from '@domain/resources/bookings/booking';
import type { ApiRecord } from '@data/resource-api';
import { useBookingTimeline } from './booking-timeline-query';

/** The fields shown from the booking's figures. */
export const bookingFigureFields = ['energyWh', 'amount'] as const;

const BookingOnPage = createContext<string | null>(null);

/** Gives the properties the booking's id (its figures are read by it). */
export function BookingFiguresScope({ record, children }: { record: ApiRecord; children: ReactNode }) {
  return <BookingOnPage.Provider value={String(record.id)}>{children}</BookingOnPage.Provider>;
}

/** Energy or amount of the booking on the page, "so far" while its session is open. */
export function BookingFigureProperty({ field }: { field: string }) {
  const id = useContext(BookingOnPage);
  const timeline = useBookingTimeline(id ?? '');
  const figures = timeline.data?.figures;
  const value = figures ? (field === 'energyWh' ? formatKwh(figures.energyWh) : formatInr(figures.amount)) : timeline.error ? '–' : '…';
  return (
    <div className="property">
      <dt>{bookingResource.allFields[field]!.label}</dt>
      <dd data-testid={`booking-${field}`}>
        {value}
        {figures?.live ? ' so far' : ''}
      </dd>
    </div>
  );
}
