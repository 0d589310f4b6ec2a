import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bookingReservationSchema, reservationPaths } from '@domain/reservations';
import { apiRequest } from '@data/api-client';
import { reservationLine, reservationTone } from '@workflows/charger-live/reservations-panel';

/**
 * A booking's reservation of its connector, above its history: "Reserved on connector 2 until …", a refusal in the
 * charger's words, or why there is none yet. Read again every few seconds while the charger has not answered; the
 * booking's history is read again when the state moves (it lists each answer).
 */
export function BookingReservation({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const reservation = useQuery({
    queryKey: ['bookings', 'one', id, 'reservation'],
    queryFn: ({ signal }) => apiRequest(reservationPaths.ofBooking(id), { schema: bookingReservationSchema, signal }),
    refetchInterval: (query) => {
      const state = query.state.data?.reservation?.state;
      return state === 'pending' || state === 'cancelling' || state === 'offline' ? 3_000 : false;
    },
  });
  const state = reservation.data?.reservation?.state;
  useEffect(() => {
    if (state) void queryClient.invalidateQueries({ queryKey: ['bookings', 'one', id, 'timeline'] });
  }, [state, id, queryClient]);
  if (reservation.isPending || reservation.isError) return null;
  const r = reservation.data.reservation;
  if (!r) return reservation.data.note ? <p className="booking-reservation">{reservation.data.note}</p> : null;
  return (
    <p className={`booking-reservation pill pill--${reservationTone(r.state)}`} role={r.state === 'refused' || r.state === 'offline' || r.state === 'failed' ? 'alert' : undefined}>
      {reservationLine(r)}
    </p>
  );
}
