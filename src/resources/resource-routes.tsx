import { lazy, type ComponentType } from 'react';
import { useSearch, type RouteComponentProps } from 'wouter';
import type { ListView, Resource } from '@domain/resource/define-resource';
import { resources } from '@domain/resource/registry';
import { queryDetailPath } from './record-href';
import type { ResourceExtension } from './resource-extension';

/** A console route generated from a resource definition. */
export interface ResourceRoute {
  path: string;
  component: ComponentType<RouteComponentProps>;
}

type Params = RouteComponentProps<{ id?: string }>;
type Extensions = readonly ResourceExtension[];

const listPage = (resource: Resource, view: ListView, extensions: Extensions) =>
  lazy(() => import('./list-page').then((m) => ({ default: () => <m.ListPage resource={resource} view={view} extensions={extensions} /> })));
const formPage = (resource: Resource, mode: 'create' | 'edit', extensions: Extensions) =>
  lazy(() => import('./form-page').then((m) => ({ default: (p: Params) => <m.FormPage key={p.params.id ?? 'new'} resource={resource} mode={mode} id={p.params.id} extensions={extensions} /> })));
const detailPage = (resource: Resource, extensions: Extensions) =>
  lazy(() => import('./detail-page').then((m) => ({ default: (p: Params) => <m.DetailPage key={p.params.id} resource={resource} id={p.params.id!} extensions={extensions} /> })));
/** The record named by `?id=`, else the list to choose one from (resources with `detailByQuery`). */
const queryDetailPage = (resource: Resource, path: string, extensions: Extensions) => {
  const List = listPage(resource, { path, title: `${resource.title} details` }, extensions);
  const Detail = lazy(() => import('./detail-page').then((m) => ({ default: ({ id }: { id: string }) => <m.DetailPage key={id} resource={resource} id={id} extensions={extensions} /> })));
  return function QueryDetailPage() {
    const id = new URLSearchParams(useSearch()).get('id');
    return id ? <Detail id={id} /> : <List />;
  };
};
const summaryPage = (resource: Resource) =>
  lazy(() => import('./summary-page').then((m) => ({ default: () => <m.SummaryPage resource={resource} summary={resource.summary!} /> })));

/**
 * Every screen the resource definitions declare: list views, summary views, add forms, detail pages and edit
 * forms, each with what the features add to it (`extensions`, the console's list in src/app/resource-extensions.ts).
 * Fixed paths come before paths with an id, so `/x/add` is never read as the record "add".
 */
export function resourceRoutes(extensions: Extensions, all: readonly Resource[] = resources): ResourceRoute[] {
  const fixed: ResourceRoute[] = [];
  const withId: ResourceRoute[] = [];
  for (const resource of all) {
    for (const view of resource.views) fixed.push({ path: view.path, component: listPage(resource, view, extensions) as ComponentType<RouteComponentProps> });
    if (resource.summary) fixed.push({ path: resource.summary.path, component: summaryPage(resource) as ComponentType<RouteComponentProps> });
    // The generic add form only where there are generic fields to add; otherwise createPath is a workflow's own
    // screen (create charger, settlement add), declared in src/app/routes.ts.
    if (resource.createPath && resource.createFields.length > 0) fixed.push({ path: resource.createPath, component: formPage(resource, 'create', extensions) as ComponentType<RouteComponentProps> });
    const byQuery = queryDetailPath(resource);
    if (byQuery) fixed.push({ path: byQuery, component: queryDetailPage(resource, byQuery, extensions) as ComponentType<RouteComponentProps> });
    withId.push({ path: resource.editPath, component: formPage(resource, 'edit', extensions) as ComponentType<RouteComponentProps> });
    // A record opens below the list it was opened from (its breadcrumbs stay), and at its canonical path.
    const details = new Set([resource.detailPath, ...resource.views.map((v) => `${v.path}/:id`)]);
    const page = detailPage(resource, extensions) as ComponentType<RouteComponentProps>;
    for (const path of details) withId.push({ path, component: page });
  }
  // Longer patterns first among the id routes, so "/x/:id/edit" wins over "/x/:id"; a path declared twice keeps its first.
  withId.sort((a, b) => b.path.split('/').length - a.path.split('/').length);
  const taken = new Set(fixed.map((r) => r.path));
  return [...fixed, ...withId.filter((r) => !taken.has(r.path) && taken.add(r.path))];
}
