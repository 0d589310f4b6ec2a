// Content-Security-Policy of every answer. Pages run only scripts from this origin (and inline scripts whose hash the
// page itself carries: index.html's one, which turns zod's eval probe off), embed no objects, and cannot be framed. Style sheets come
// from this origin; the one kind of style element allowed is react-aria's (its pressable and scroll-lock rules), by a
// nonce made per page and handed to it in <meta name="csp-nonce">; style attributes stay allowed (style-src-attr), as
// libraries position popovers and rows with them. API answers get a policy that allows nothing.
import { createHash, randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

/** The CSP header name. */
export const CSP_HEADER = 'Content-Security-Policy';

/** Policy of every non-page answer (JSON, problem+json, CSV): nothing may load or frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const join = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** `'sha256-…'` sources of the inline scripts of an HTML page (scripts with a src attribute are covered by 'self'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!) || match[2]!.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The origin of an absolute http(s) URL (an image CDN on another host), or undefined for a path on this origin. */
function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** A fresh nonce for one page's style elements. */
export function newStyleNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * The page with `<meta name="csp-nonce">` carrying the nonce, where react-aria reads it for the style elements it
 * adds. The nonce is the meta's nonce attribute, which browsers hide from CSS selectors and other markup.
 */
export function withStyleNonce(html: string, nonce: string): string {
  const meta = `<meta name="csp-nonce" nonce="${nonce}">`;
  const head = /<head(\s[^>]*)?>/i;
  return head.test(html) ? html.replace(head, (tag) => `${tag}\n    ${meta}`) : `${meta}${html}`;
}

/** Options of consolePolicy. */
export interface ConsolePolicyOptions {
  /** The page's HTML: its inline scripts are allowed by hash (default none). */
  html?: string;
  /** The nonce of the page's style elements (see withStyleNonce; default none: no style element may be added). */
  styleNonce?: string;
  /** IMAGE_CDN_URL: when it is on another origin, images (and their signed-link fetches) may come from there. */
  imageCdnUrl?: string;
}

/** Policy of the console's pages (index.html and any other HTML file of the build). */
export function consolePolicy(options: ConsolePolicyOptions = {}): string {
  const cdn = originOf(options.imageCdnUrl);
  return join({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(options.html ?? '')],
    'style-src': ["'self'", ...(options.styleNonce ? [`'nonce-${options.styleNonce}'`] : [])],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(cdn ? [cdn] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(cdn ? [cdn] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * Policy of the API reference page (Swagger UI from swagger-ui-dist, served from this origin): its scripts and its
 * style sheet are files (it adds no style element); its icons are data: images.
 */
export const API_DOCS_POLICY = join({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/**
 * Middleware: an answer that set no policy of its own gets one by what it is: an HTML page the console's, anything
 * else the API's. Files under /cdn/ (images, uploaded PDFs) are left alone, so browsers' own viewers still open them.
 */
export function contentSecurityPolicy(imageCdnUrl: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith('/cdn/') || c.res.headers.has(CSP_HEADER)) return;
    const html = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
    c.res.headers.set(CSP_HEADER, html ? consolePolicy({ imageCdnUrl }) : API_POLICY);
  };
}
