import { bookingResource } from '@domain/resources/bookings/booking';
import type { RecordPartProps, ResourceExtension } from '@resources/resource-extension';
import { BookingTimelinePanel } from './booking-timeline-panel';

/** The booking's timeline (transitions, charger session, money) above its history. */
export const bookingExtension: ResourceExtension = {
  feature: 'booking',
  appliesTo: (resource) => resource.name === bookingResource.name,
  record: { panels: [{ component: ({ id }: RecordPartProps) => <BookingTimelinePanel bookingId={id} />, place: 'beforeHistory' }] },
};
