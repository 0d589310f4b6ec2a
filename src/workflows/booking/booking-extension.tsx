import { bookingResource } from '@domain/resources/bookings/booking';
import { Link } from 'wouter';
import { hasPermission } from '@domain/permissions';
import { staleSessionsPagePath } from '@domain/stale-sessions';
import { useSession } from '@app/session/session-context';
import type { ListPartProps, ResourceExtension } from '@resources/resource-extension';
import { BookingFigureProperty, BookingFiguresScope, bookingFigureFields } from './booking-figures';
import { BookingHistory } from './booking-history';
import { CLOSE_SESSION, CloseSessionAction } from './close-session-action';

/** The bookings lists' link to the stale sessions, for staff who see ongoing bookings. */
function StaleSessionsLink(_: ListPartProps) {
  const { user } = useSession();
  if (!hasPermission(user.permissions, 'ROLE_VIEW_ONGOING_BOOKINGS')) return null;
  return (
    <Link href={staleSessionsPagePath} className="ui-button ui-button--secondary ui-button--md">
      Stale sessions
    </Link>
  );
}

/**
 * The bookings lists' link to the stale sessions; the booking's one timeline (its history with its charger session and
 * the money it moved among it); its energy and amount in its details from the same figures as the timeline; and Close
 * session with the session's last meter value.
 */
export const bookingExtension: ResourceExtension = {
  feature: 'booking',
  appliesTo: (resource) => resource.name === bookingResource.name,
  list: { headerActions: [StaleSessionsLink] },
  record: {
    history: BookingHistory,
    workflowEvents: [CLOSE_SESSION],
    workflowActions: [CloseSessionAction],
    propertiesScope: BookingFiguresScope,
    properties: { fields: bookingFigureFields, component: BookingFigureProperty },
  },
};
