// The OpenAPI 3.1 document of the API, generated from the route registry: every declared route with its access
// rule, its zod input schemas and its documented answers. Nothing here is written by hand per route.
import { z } from 'zod';
import { describeAccess } from '@server/http/route-access';
import type { RegisteredRoute } from '@server/http/route-registry';
import { servicePrefixes } from '@server/http/service-prefixes';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

/** An OpenAPI operation object (the parts this generator writes). */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  'x-permission'?: string;
}

/** The OpenAPI document. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, Record<string, string>>; schemas: Record<string, JsonSchema> };
}

/** A request body documented by hand where it is not JSON (multipart uploads), keyed by "METHOD /path". */
export type ExtraRequestBodies = Readonly<Record<string, OpenApiOperation['requestBody']>>;

/** Options of buildOpenApiDocument. */
export interface BuildOpenApiOptions {
  /** API version shown in the document (default 0.1.0). */
  version?: string;
  /** Non-JSON request bodies (multipart) by "METHOD /path". */
  requestBodies?: ExtraRequestBodies;
  /** Schemas written once under components.schemas by this name and referenced wherever they are used (answers only). */
  components?: ReadonlyMap<z.ZodType, string>;
}

/** Name of the bearer security scheme (the auth key from the OTP sign-in). */
export const BEARER_SCHEME = 'bearerAuth';

/** Hono path → OpenAPI path: `/x/:id` → `/x/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The tag of a route: its service prefix without the slash ("charger-service"), else "meta". */
export function tagOf(path: string): string {
  const prefix = servicePrefixes.find((p) => path === p || path.startsWith(`${p}/`));
  return prefix ? prefix.slice(1) : 'meta';
}

/**
 * A zod schema as JSON Schema. Transforms, refinements and other parts JSON Schema cannot say become `{}`
 * (unrepresentable: 'any'); `io` picks the request (input) or the answer (output) side of transforms.
 * Definitions zod extracts (`$defs`, for cycles or registered ids) are moved into components.schemas.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', defs: Record<string, JsonSchema>, prefix: string): JsonSchema {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  } catch (error) {
    // A schema zod cannot convert at all (e.g. a cycle it refuses) is documented as "any value", not a broken document.
    return { description: `Not representable as JSON Schema: ${(error as Error).message}` };
  }
  delete json.$schema;
  const local = json.$defs as Record<string, JsonSchema> | undefined;
  delete json.$defs;
  if (!local) return json;
  const rename = (name: string) => `${prefix}_${name}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `#/components/schemas/${rename(v.slice(8))}` : rewrite(v)]),
      );
    }
    return value;
  };
  for (const [name, def] of Object.entries(local)) defs[rename(name)] = rewrite(def) as JsonSchema;
  return rewrite(json) as JsonSchema;
}

function operationIdOf(route: RegisteredRoute, taken: Set<string>): string {
  const words = `${route.method.toLowerCase()} ${route.path}`
    .replace(/:([A-Za-z0-9_]+)/g, 'by $1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const base = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}${n}`;
  taken.add(id);
  return id;
}

function accessText(route: RegisteredRoute): string {
  switch (route.access.kind) {
    case 'public':
      return 'Access: public (no sign-in).';
    case 'signed-in':
      return 'Access: any signed-in staff user (bearer auth key); a permission named in the summary may be checked per request.';
    case 'permission':
      return `Access: needs the permission ${route.access.permission} (bearer auth key).`;
  }
}

function queryParameters(route: RegisteredRoute, defs: Record<string, JsonSchema>, prefix: string): NonNullable<OpenApiOperation['parameters']> {
  if (!route.query) return [];
  const json = jsonSchemaOf(route.query, 'input', defs, prefix);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  // A parameter no value could satisfy (`not: {}`, e.g. `scope` of a resource without scopes) is not offered.
  return Object.entries(properties).filter(([, schema]) => !(schema.not && Object.keys(schema.not as object).length === 0)).map(([name, schema]) => ({
    name,
    in: 'query' as const,
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

const serviceDescriptions: Record<string, string> = {
  meta: 'Health, the API document and its reference page.',
};

/** Builds the OpenAPI 3.1 document of the routes the registry lists (routes marked out of the document are left out). */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[], options: BuildOpenApiOptions = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Record<string, JsonSchema> = {};
  const takenIds = new Set<string>();
  const tags = new Set<string>();
  const answerSchema = (schema: z.ZodType, prefix: string): JsonSchema => {
    const name = options.components?.get(schema);
    if (!name) return jsonSchemaOf(schema, 'output', schemas, prefix);
    schemas[name] ??= jsonSchemaOf(schema, 'output', schemas, name);
    return { $ref: `#/components/schemas/${name}` };
  };

  for (const route of routes) {
    if (!route.inApiDocument) continue;
    const path = openApiPath(route.path);
    const operationId = operationIdOf(route, takenIds);
    const tag = tagOf(route.path);
    tags.add(tag);
    const pathParams = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1]!,
      in: 'path' as const,
      required: true,
      schema: { type: 'string' },
    }));
    const parameters = [...pathParams, ...queryParameters(route, schemas, operationId)];
    const extraBody = options.requestBodies?.[`${route.method} ${route.path}`];
    const requestBody = extraBody ?? (route.body ? { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input', schemas, operationId) } } } : undefined);
    const declared = Object.entries(route.responses);
    const responses: OpenApiOperation['responses'] = {};
    for (const [status, response] of declared.length > 0 ? declared : [['200', { description: 'OK' }] as const]) {
      const contentType = Number(status) >= 400 ? 'application/problem+json' : 'application/json';
      responses[status] = {
        description: response.description,
        ...('schema' in response && response.schema ? { content: { [contentType]: { schema: answerSchema(response.schema, operationId) } } } : {}),
      };
    }
    if (route.access.kind !== 'public' && !responses['401']) responses['401'] = { description: 'Not signed in, or the session ended' };
    if (route.access.kind === 'permission' && !responses['403']) responses['403'] = { description: `Missing the permission ${route.access.permission}` };

    const operation: OpenApiOperation = {
      operationId,
      summary: route.summary.split(/(?<=\.)\s/)[0]!.slice(0, 120),
      description: `${route.summary}\n\n${accessText(route)}`,
      tags: [tag],
      security: route.access.kind === 'public' ? [] : [{ [BEARER_SCHEME]: [] }],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      ...(route.access.kind === 'permission' ? { 'x-permission': describeAccess(route.access) } : {}),
    };
    const item = (paths[path] ??= {});
    item[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'CZO operations console API',
      version: options.version ?? '0.1.0',
      description:
        'The API of the EV charging operations console. Sign in with `POST /auth-service/czo/send-otp` and `POST /auth-service/czo/verify-otp`, then send the auth key as `Authorization: Bearer <key>`. Errors are `application/problem+json`; lists answer `{ items, count, countExact, page, size }`; money is integer paise and energy integer Wh.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/', description: 'This server' }],
    tags: [...tags].sort().map((name) => ({ name, description: serviceDescriptions[name] ?? `Routes under /${name}.` })),
    paths,
    components: {
      securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: 'The auth key answered by verify-otp.' } },
      schemas,
    },
  };
}
