import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { PRODUCT_NAME } from '@domain/constants';
import { entryLabel, matchMenuEntry } from './menu-match';

/** The document title of a path: its menu entry's title + " · " + product name; default the product name. */
export function pageTitleFor(path: string): string {
  const entry = matchMenuEntry(path);
  return entry ? `${entryLabel(entry)} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Keeps document.title in step with the current route. */
export function usePageTitle(): void {
  const [location] = useLocation();
  useEffect(() => {
    document.title = pageTitleFor(location);
  }, [location]);
}
