import { routeFor, type Resource } from '@domain/resource/define-resource';

/**
 * The path that picks a record by query parameter (`detailByQuery`: the detail path without its `/:id`), else
 * undefined.
 */
export function queryDetailPath(resource: Resource): string | undefined {
  if (!resource.detailByQuery) return undefined;
  if (!resource.detailPath.endsWith('/:id')) throw new Error(`Resource ${resource.name}: detailByQuery needs a detailPath ending in /:id`);
  return resource.detailPath.slice(0, -'/:id'.length);
}

/**
 * Where a list opens one of its records: below the list (`<list>/<id>`, its breadcrumbs stay), or, for a resource
 * whose record page is chosen by query parameter, that page (`…/notification-template-details?id=<id>`).
 */
export function recordHref(resource: Resource, listPath: string, id: string | number): string {
  const byQuery = queryDetailPath(resource);
  return byQuery ? `${byQuery}?id=${encodeURIComponent(String(id))}` : routeFor(`${listPath}/:id`, id);
}
