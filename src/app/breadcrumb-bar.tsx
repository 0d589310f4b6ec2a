import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { breadcrumbStore, crumbsForPath } from '@state/breadcrumbs';

/** The saved menu trail above the page; on detail pages the last crumb plus "detail page". */
export function BreadcrumbBar() {
  const [location] = useLocation();
  const { trail } = useSnapshot(breadcrumbStore);
  const crumbs = crumbsForPath(location, trail);
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.title}`}>
              {crumb.path && !last ? (
                <Link href={crumb.path}>{crumb.title}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
