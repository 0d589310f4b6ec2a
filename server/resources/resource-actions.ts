// Routes of resource actions (domain/resource/define-resource.ts `actions`): the path, permission and body
// schema come from the definition the console renders too, so the dialog and the route cannot disagree.
import { actionOf, type Resource } from '@domain/resource/define-resource';
import { problemSchema } from '@domain/problem';
import type { RouteContext, RouteRegistry, RouteResponse } from '@server/http/route-registry';

/** What the module implementing an action provides: its answers (besides 400 and 403) and the handler. */
export interface ResourceActionRoute {
  summary: string;
  responses: Record<number, RouteResponse>;
  handler: (ctx: RouteContext<Record<string, unknown>, undefined, { kind: 'permission'; permission: Resource['actions'][number]['permission'] }>) => Response | Promise<Response>;
}

/** Registers `POST {apiPath}/{name}` of a declared action with its permission and strict body schema. */
export function registerResourceAction(registry: RouteRegistry, resource: Resource, name: string, route: ResourceActionRoute): void {
  const action = actionOf(resource, name);
  registry.route({
    method: 'POST',
    path: action.apiPath,
    access: { kind: 'permission', permission: action.permission },
    body: action.bodySchema,
    summary: `${route.summary} Needs ${action.permission}.`,
    responses: {
      400: { description: 'Invalid input (field paths in errors)', schema: problemSchema },
      403: { description: `Needs ${action.permission}`, schema: problemSchema },
      ...route.responses,
    },
    handler: (ctx) => route.handler(ctx as Parameters<ResourceActionRoute['handler']>[0]),
  });
}
