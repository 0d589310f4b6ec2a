import { LoadingIndicator } from '@ui/loading-indicator';
import { useMarkNavigationPending } from './navigation-progress';

/** Shown while a page's code loads: the shared loading indicator, and the top bar runs meanwhile. */
export function RouteFallback() {
  useMarkNavigationPending();
  return (
    <div className="route-fallback">
      <LoadingIndicator />
    </div>
  );
}
