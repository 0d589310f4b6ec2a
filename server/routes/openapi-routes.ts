import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { listResultSchema } from '@domain/resource/list-query';
import { resources } from '@domain/resource/registry';
import { problemSchema } from '@domain/problem';
import type { AppEnv } from '@server/http/app-env';
import { API_DOCS_POLICY, CSP_HEADER } from '@server/http/content-security-policy';
import { notFoundProblem, problemResponse } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { buildOpenApiDocument, type ExtraRequestBodies } from '@server/openapi/build-openapi';
import { apiDocsAsset, apiDocsHtml, apiDocsPaths } from '@server/openapi/swagger-ui';

/** Options of registerOpenApiRoutes. */
export interface OpenApiRoutesOptions {
  /** Non-JSON request bodies (multipart uploads) by "METHOD /path", documented by hand. */
  requestBodies?: ExtraRequestBodies;
}

/** Answer schemas named once in the document: the problem body, the list page and each resource's record. */
function namedComponents(): Map<z.ZodType, string> {
  const pascal = (name: string) => name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  const named = new Map<z.ZodType, string>([
    [problemSchema, 'Problem'],
    [listResultSchema, 'ListResult'],
  ]);
  for (const r of resources) named.set(r.recordSchema, `${pascal(r.name)}Record`);
  return named;
}

/**
 * GET /openapi.json (generated from the route registry when first asked, so every route registered by then is in it)
 * and GET /api-docs, the reference page served offline from swagger-ui-dist.
 */
export function registerOpenApiRoutes(registry: RouteRegistry, options: OpenApiRoutesOptions = {}): void {
  let documentText: string | undefined;

  registry.route({
    method: 'GET',
    path: apiDocsPaths.document,
    access: { kind: 'public' },
    summary: 'The OpenAPI 3.1 document of this API, generated from the route registry and its zod schemas.',
    responses: { 200: { description: 'The OpenAPI document', schema: z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }) } },
    handler: ({ c }) => {
      documentText ??= JSON.stringify(buildOpenApiDocument(registry.routes, { requestBodies: options.requestBodies ?? {}, components: namedComponents() }));
      return c.body(documentText, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    },
  });

  registry.route({
    method: 'GET',
    path: apiDocsPaths.page,
    access: { kind: 'public' },
    summary: 'The API reference page (Swagger UI, served from this server only).',
    responses: { 200: { description: 'HTML page' } },
    handler: ({ c }) => c.html(apiDocsHtml(), 200, { 'Cache-Control': 'no-cache', [CSP_HEADER]: API_DOCS_POLICY }),
  });

  const assets: MiddlewareHandler<AppEnv> = async (c) => {
    const name = c.req.path.slice(apiDocsPaths.assets.length + 1);
    const asset = await apiDocsAsset(name);
    if (!asset) return problemResponse(c, notFoundProblem(`No file ${c.req.path}.`).problem);
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': asset.contentType, 'Cache-Control': 'public, max-age=3600' });
  };
  registry.raw({ method: 'GET', path: `${apiDocsPaths.assets}/*`, access: { kind: 'public' }, summary: 'Files of the API reference page (swagger-ui-dist).', handler: assets });
}
