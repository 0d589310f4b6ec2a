import { useQuery } from '@tanstack/react-query';
import { bookingTimelinePath, bookingTimelineSchema } from '@domain/booking-timeline';
import { apiRequest } from '@data/api-client';

/**
 * A booking's timeline (its live session and its energy and amount): one query for the booking's page, read by its
 * timeline, its details' energy and amount and the Close session dialog alike; the live channel refreshes it (the
 * booking's query keys).
 */
export function useBookingTimeline(bookingId: string) {
  return useQuery({
    queryKey: ['bookings', 'one', bookingId, 'timeline'],
    queryFn: ({ signal }) => apiRequest(bookingTimelinePath(bookingId), { schema: bookingTimelineSchema, signal }),
  });
}
