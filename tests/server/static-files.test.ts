import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { defaultCdnDir } from '@server/http/static-files';
import { call, createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

describe('static files and the console fallback', () => {
  let database: OpenDatabase;
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(os.tmpdir(), 'czo-static-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>CZO</title><div id="root"></div>');
    writeFileSync(path.join(staticDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    database = await createTestDatabase('pglite');
    t = createTestApp(database, {}, { staticFiles: { staticDir, cdnDir: defaultCdnDir } });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves index.html for console routes (SPA fallback)', async () => {
    for (const route of ['/', '/login', '/charger-management/all-chargers', '/configuration-page']) {
      const response = await call(t, 'GET', route);
      expect(response.status, route).toBe(200);
      expect(response.contentType).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves built files, fingerprinted ones as immutable', async () => {
    const response = await call(t, 'GET', '/assets/main-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect((await call(t, 'GET', '/assets/missing-123.js')).status).toBe(404);
  });

  it('serves CDN images and 404s missing ones', async () => {
    for (const image of ['type2.svg', 'ccs2.svg', '16amp.svg', 'not-found.svg', 'avatars/aarav-sharma.svg']) {
      const response = await call(t, 'GET', `/cdn/${image}`);
      expect(response.status, image).toBe(200);
      expect(response.contentType).toContain('image/svg+xml');
    }
    const missing = await call(t, 'GET', '/cdn/nope.svg');
    expect(missing.status).toBe(404);
    expect(missing.contentType).toBe('application/problem+json');
  });

  it('never answers API paths or /health with the console page', async () => {
    expect((await call(t, 'GET', '/auth-service/nothing')).contentType).toBe('application/problem+json');
    expect((await call(t, 'GET', '/config')).status).toBe(404);
    expect((await call(t, 'GET', '/health')).body).toEqual({ status: 'ok', database: 'pglite' });
  });
});
