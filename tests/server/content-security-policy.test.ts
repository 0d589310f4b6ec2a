// The Content-Security-Policy of each kind of answer: the console page (scripts only from this origin or by hash),
// the API reference page, API answers (nothing allowed), and files under /cdn/ (left to the browser's viewers).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_DOCS_POLICY, API_POLICY, consolePolicy, inlineScriptHashes } from '@server/http/content-security-policy';
import { defaultCdnDir } from '@server/http/static-files';
import { call, createTestApp, type TestApp } from './support/test-app';
import { ruleDrivers } from './support/test-database';
import { useTestApp } from './support/use-test-app';

/** The directives of a policy by name. */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy).toBeTruthy();
  return Object.fromEntries(
    policy!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const INLINE = "window.__boot = 'ok';";
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function expectStrictPage(policy: string | null): Record<string, string[]> {
  const d = directives(policy);
  expect(d['script-src']).toContain("'self'");
  expect(d['script-src']).not.toContain("'unsafe-inline'");
  expect(d['script-src']).not.toContain("'unsafe-eval'");
  expect(d['frame-ancestors']).toEqual(["'none'"]);
  expect(d['object-src']).toEqual(["'none'"]);
  expect(d['base-uri']).toEqual(["'self'"]);
  return d;
}

describe('inline script hashes', () => {
  it('hashes only inline scripts with content', () => {
    const html = `<script type="module" src="/assets/main.js"></script><script>${INLINE}</script><script></script><SCRIPT type="text/javascript">a()</SCRIPT>`;
    expect(inlineScriptHashes(html)).toEqual([sha(INLINE), sha('a()')]);
    expect(inlineScriptHashes('<div></div>')).toEqual([]);
  });

  it("allows the console's one inline script by hash: it makes zod skip its eval probe before any module runs", () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain('<script>globalThis.__zod_globalConfig = { jitless: true };</script>');
    expect(inlineScriptHashes(html)).toEqual([sha('globalThis.__zod_globalConfig = { jitless: true };')]);
    // zod keeps its configuration in that global, so the script reaches every copy of zod the bundle holds.
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig);
  });

  it('adds an absolute image CDN to img-src and connect-src, and nothing for a path', () => {
    expect(directives(consolePolicy({ imageCdnUrl: 'https://img.example.in/cdn/' }))['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://img.example.in']);
    expect(directives(consolePolicy({ imageCdnUrl: 'https://img.example.in/cdn/' }))['connect-src']).toEqual(["'self'", 'https://img.example.in']);
    expect(directives(consolePolicy({ imageCdnUrl: '/cdn/' }))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});

describe.each(ruleDrivers)('Content-Security-Policy of each answer on %s', (driver) => {
  const env = useTestApp(driver);
  let t: TestApp;
  let staticDir: string;

  beforeAll(() => {
    staticDir = mkdtempSync(path.join(os.tmpdir(), 'czo-csp-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(
      path.join(staticDir, 'index.html'),
      `<!doctype html><html><head><title>CZO</title></head><body><header></header><div id="root"></div><script>${INLINE}</script><script type="module" src="/assets/main.js"></script></body></html>`,
    );
    writeFileSync(path.join(staticDir, 'other.html'), '<!doctype html><title>Other</title><script>other()</script>');
    writeFileSync(path.join(staticDir, 'assets', 'main.js'), 'console.log(1)');
    t = createTestApp(env.database, { IMAGE_CDN_URL: 'https://img.example.in/cdn/' }, { staticFiles: { staticDir, cdnDir: defaultCdnDir } });
  });
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  it('serves the console with a strict policy: its inline script by hash, no unsafe-inline scripts, no framing', async () => {
    const nonces = new Set<string>();
    for (const route of ['/', '/login', '/charger-management/all-chargers']) {
      const res = await call(t, 'GET', route);
      expect(res.status).toBe(200);
      const d = expectStrictPage(res.headers.get('content-security-policy'));
      expect(d['script-src']).toEqual(["'self'", sha(INLINE)]);
      expect(d['style-src-attr']).toEqual(["'unsafe-inline'"]);
      expect(d['img-src']).toContain('https://img.example.in');
      // Style elements only with this page's nonce, which the page hands to react-aria in <meta name="csp-nonce">.
      expect(d['style-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{24}'$/)]);
      const nonce = /^'nonce-(.+)'$/.exec(d['style-src']![1]!)![1]!;
      expect(res.body).toContain(`<meta name="csp-nonce" nonce="${nonce}">`);
      nonces.add(nonce);
    }
    expect(nonces.size, 'a new nonce for every page').toBe(3);
    // Another HTML file of the build gets the console's policy too, with its own inline script's hash.
    const other = await call(t, 'GET', '/other.html');
    expect(directives(other.headers.get('content-security-policy'))['script-src']).toEqual(["'self'", sha('other()')]);
  });

  it('serves the API reference page with its own strict script policy', async () => {
    const res = await call(t, 'GET', '/api-docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(API_DOCS_POLICY);
    expectStrictPage(API_DOCS_POLICY);
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/); // every script of the page is a file
  });

  it('gives API answers a policy that allows nothing, keeping their other headers', async () => {
    const admin = (await env.signInAs('9000000001')).authKey;
    for (const [path, authKey] of [['/health', undefined], ['/config/admin/vendor', admin], ['/config/admin/vendor', undefined], ['/config/no-such-thing', admin], ['/openapi.json', undefined]] as const) {
      const res = await call(t, 'GET', path, { authKey });
      expect(res.headers.get('content-security-policy'), path).toBe(API_POLICY);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    expect((await call(t, 'GET', '/config/admin/vendor', { authKey: admin })).headers.get('cache-control')).toBe('no-store');
  });

  it('leaves files under /cdn/ to the browser (no policy, so its image and PDF viewers work)', async () => {
    const res = await call(t, 'GET', '/cdn/type2.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});
