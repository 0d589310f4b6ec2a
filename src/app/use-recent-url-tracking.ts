import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { recordRecentUrl } from '@state/recent-urls';

/** Records each visited URL (path + search) in the recent-URL store as soon as the route changes. */
export function useRecentUrlTracking(): void {
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => {
    recordRecentUrl(search ? `${path}?${search}` : path);
  }, [path, search]);
}
