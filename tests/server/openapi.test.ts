import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@domain/resource/registry';
import type { Database } from '@server/db/database';
import { openApiPath, type OpenApiDocument } from '@server/openapi/build-openapi';
import { call, createTestApp, type TestApp } from './support/test-app';

describe('the OpenAPI document and the API reference page', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    // The document and the page never touch the database: a stand-in keeps this test independent of the seed.
    const db = {} as Database;
    t = createTestApp({ db, driver: 'pglite', close: async () => {}, separate: () => ({ db, close: async () => {} }) });
    const response = await call(t, 'GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.contentType).toContain('application/json');
    doc = response.body as OpenApiDocument;
  });

  it('is an OpenAPI 3.1 document with a bearer security scheme, served without sign-in', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(Object.keys(doc.paths).length).toBeGreaterThan(5);
  });

  it('documents every route of the registry (and nothing undeclared), with OpenAPI paths and parameters', () => {
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`)));
    const declared = t.registry.routes.filter((r) => r.inApiDocument).map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect([...documented].sort()).toEqual([...new Set(declared)].sort());
    const ids = new Set<string>();
    for (const [p, item] of Object.entries(doc.paths)) {
      expect(p, 'no Hono-style :params or wildcards').not.toMatch(/[:*]/);
      for (const [method, op] of Object.entries(item)) {
        expect(ids.has(op.operationId), `${method} ${p} operationId is unique`).toBe(false);
        ids.add(op.operationId);
        expect(Object.keys(op.responses).length, `${method} ${p} has responses`).toBeGreaterThan(0);
        expect(op.tags).toHaveLength(1);
        expect(doc.tags.map((tag) => tag.name)).toContain(op.tags[0]);
        const pathParams = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        const declaredParams = (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
        expect(declaredParams.sort(), `${method} ${p} path parameters`).toEqual(pathParams.sort());
      }
    }
  });

  it('lists every resource path with its methods, access and permission', () => {
    for (const r of resources) {
      const base = doc.paths[r.apiPath];
      const one = doc.paths[`${r.apiPath}/{id}`];
      expect(base?.get, `${r.name}: GET ${r.apiPath}`).toBeDefined();
      expect(one?.get, `${r.name}: GET ${r.apiPath}/{id}`).toBeDefined();
      expect(base!.get!.security).toEqual([{ bearerAuth: [] }]);
      expect(base!.get!.parameters?.map((x) => x.name)).toEqual(expect.arrayContaining(['page', 'size', 'q']));
      expect(base!.get!.tags).toEqual([r.service.slice(1)]);
      if (r.permissions.create && r.createFields.length > 0) {
        expect(base?.post, `${r.name}: POST`).toBeDefined();
        expect(base!.post!.description).toContain(r.permissions.create);
        expect(base!.post!['x-permission']).toBe(r.permissions.create);
        const body = base!.post!.requestBody!.content['application/json']!.schema;
        expect(body.type).toBe('object');
        expect(Object.keys(body.properties as object).sort()).toEqual([...r.createFields].sort());
        expect(body.additionalProperties, `${r.name}: unknown fields are refused`).toBe(false);
      } else if (r.name === 'settlements') {
        // Settlements have their own create route (host, period, bookings; server/settlements/settlement-routes.ts).
        expect(base!.post!['x-permission']).toBe(r.permissions.create);
      } else if (r.name === 'chargers') {
        // Chargers are created by the create-charger workflow's route: one body per charger type (server/chargers/create-charger-route.ts).
        expect(base!.post!['x-permission']).toBe('ROLE_CREATE_CHARGER');
        expect(base!.post!.requestBody!.content['application/json']!.schema.oneOf).toHaveLength(7);
      } else if (r.name === 'downloads') {
        // A download is requested through its own route (report type, filters, format: server/downloads/download-routes.ts);
        // the report's list view permission is checked inside.
        expect(base!.post!.requestBody!.content['application/json']!.schema.type).toBe('object');
      } else {
        expect(base?.post, `${r.name}: no POST`).toBeUndefined();
      }
      if (r.permissions.update && r.updateFields.length > 0) expect(one?.put, `${r.name}: PUT`).toBeDefined();
      if (r.activeField && r.permissions.activate) expect(doc.paths[`${r.apiPath}/{id}/activate-inactivate`]?.patch, `${r.name}: PATCH`).toBeDefined();
    }
  });

  it('marks public routes as such and documents the multipart upload', () => {
    expect(doc.paths['/health']!.get!.security).toEqual([]);
    expect(doc.paths['/openapi.json']!.get!.security).toEqual([]);
    const upload = doc.paths['/upload-service/generic-file-upload']!.post!;
    expect(upload.security).toEqual([{ bearerAuth: [] }]);
    expect(upload.requestBody!.content['multipart/form-data']!.schema.required).toEqual(['file']);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '413', '415']));
  });

  it('keeps every $ref resolvable inside the document', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const target = ref.slice(8, -1);
      expect(target, 'refs point into components').toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[target.split('/').pop()!], target).toBeDefined();
    }
  });

  it('serves /api-docs as HTML that loads only local assets, and the assets themselves', async () => {
    const page = await call(t, 'GET', '/api-docs');
    expect(page.status).toBe(200);
    expect(page.contentType).toContain('text/html');
    const html = page.body as string;
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/https?:\/\//);
    for (const url of urls) {
      expect(url, 'local, absolute path').toMatch(/^\/[^/]/);
      const asset = await t.app.request(url);
      expect(asset.status, url).toBe(200);
      const body = await asset.text();
      expect(body.length, url).toBeGreaterThan(100);
      if (url.endsWith('.js')) expect(asset.headers.get('content-type')).toContain('javascript');
      if (url.endsWith('.css')) expect(asset.headers.get('content-type')).toContain('text/css');
    }
    const init = await (await t.app.request('/api-docs/assets/init.js')).text();
    expect(init).toContain('/openapi.json');
    expect(init).toContain('validatorUrl: null');
    expect((await call(t, 'GET', '/api-docs/assets/index.html')).status).toBe(404);
    expect((await call(t, 'GET', '/api-docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
});
