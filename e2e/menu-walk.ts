import { flattenMenu } from '@domain/menu';
import { resources } from '@domain/resource/registry';

/**
 * Side-menu entries whose page is a list or summary the resource definitions declare. The menu walk of
 * e2e/resources.spec.ts opens each (heading, rows, width), so the route walk (e2e/spec-routes.spec.ts) leaves them to it.
 */
export const resourceEntries = flattenMenu().filter((entry) =>
  resources.some((r) => r.views.some((v) => v.path === entry.path) || r.summary?.path === entry.path),
);

/** The h1 of a list view or summary page at `path`. */
export function headingOf(path: string): string {
  for (const r of resources) {
    const view = r.views.find((v) => v.path === path);
    if (view) return view.title;
    if (r.summary?.path === path) return r.summary.title;
  }
  throw new Error(`No resource page at ${path}`);
}
