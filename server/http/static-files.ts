import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { compiledFiles, runtimePath } from '@server/runtime-files';
import type { AppEnv } from './app-env';
import { consolePolicy, CSP_HEADER, newStyleNonce, withStyleNonce } from './content-security-policy';
import type { RouteRegistry } from './route-registry';
import { isApiPath } from './service-prefixes';

/** Where static files come from: the console build and the image CDN folder. */
export interface StaticFilesOptions {
  /** Vite build output (STATIC_DIR, default ./dist); undefined: no console (`npm run dev` lets Vite serve it). */
  staticDir: string | undefined;
  /** Images served under /cdn/ (default server/assets/cdn). */
  cdnDir: string;
  /** IMAGE_CDN_URL, for the console page's Content-Security-Policy (default: images from this origin only). */
  imageCdnUrl?: string;
}

/** Folder of the bundled CDN images (socket types, not-found placeholder). */
export const defaultCdnDir = runtimePath(import.meta.url, '../assets/cdn', compiledFiles.cdn);

/**
 * Registers /cdn/* (images) and the console: built files from staticDir, and index.html for any other GET
 * that is not under an API prefix and does not name a file (SPA fallback).
 */
export function registerStaticFiles(registry: RouteRegistry, options: StaticFilesOptions): void {
  const cdn = serveStatic<AppEnv>({
    root: options.cdnDir,
    rewriteRequestPath: (p) => p.replace(/^\/cdn/, ''),
    onFound: (_p, c) => {
      c.header('Cache-Control', 'public, max-age=86400');
    },
  });
  registry.raw({ method: 'GET', path: '/cdn/*', access: { kind: 'public' }, summary: 'Images of the bundled image CDN.', handler: cdn });
  if (options.staticDir === undefined) return;

  const assets = serveStatic<AppEnv>({ root: options.staticDir });
  const indexFile = path.join(options.staticDir, 'index.html');
  const consoleHandler: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    // A page gets its own style nonce and the hashes of its inline scripts (content-security-policy.ts).
    const page = (html: string) => {
      const styleNonce = newStyleNonce();
      return c.html(withStyleNonce(html, styleNonce), 200, { 'Cache-Control': 'no-cache', [CSP_HEADER]: consolePolicy({ html, imageCdnUrl: options.imageCdnUrl, styleNonce }) });
    };
    let found = true;
    const response = await assets(c, async () => {
      found = false;
    });
    if (found && response) {
      // A page (index.html at /, or another HTML file of the build) is served with its policy.
      if ((response.headers.get('content-type') ?? '').startsWith('text/html')) return page(await response.text());
      // Vite fingerprints everything under /assets/, so those never change; the rest is revalidated.
      response.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      return response;
    }
    // A missing file (anything with an extension) is a 404, not the console page.
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return next();
    try {
      return page(await readFile(indexFile, 'utf8'));
    } catch {
      return c.text(`The console is not built: ${indexFile} is missing. Run \`npm run build\` (npm start does it).`, 503);
    }
  };
  registry.raw({ method: 'GET', path: '*', access: { kind: 'public' }, summary: 'The console (single-page app) and its built files.', handler: consoleHandler });
}
