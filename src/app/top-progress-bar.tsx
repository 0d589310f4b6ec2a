import { useIsFetching } from '@tanstack/react-query';
import { LoadingBar } from '@ui/loading-indicator';
import { useNavigationPending } from './navigation-progress';

/** The thin bar at the top of the window while a page loads or any query fetches. */
export function TopProgressBar() {
  const fetching = useIsFetching();
  const navigating = useNavigationPending();
  return <LoadingBar active={fetching > 0 || navigating} />;
}
