import { DEFAULT_IMAGE_QUALITY } from './constants';

/** Options of imageUrl. */
export interface ImageUrlOptions {
  /** Width in pixels the CDN should scale to; default none (the original width). */
  width?: number;
  /** JPEG/WebP quality 1–100; default DEFAULT_IMAGE_QUALITY (75). */
  quality?: number;
}

const ABSOLUTE = /^https?:\/\//i;

/**
 * A CDN image URL: CDN base + relative path with `w` (when a width is given) and `q` (default 75) query
 * parameters, slashes joined once; absolute http(s) paths keep their host and get the parameters too.
 * Empty path → undefined.
 */
export function imageUrl(
  cdnBase: string | null | undefined,
  relativePath: string | null | undefined,
  { width, quality = DEFAULT_IMAGE_QUALITY }: ImageUrlOptions = {},
): string | undefined {
  const path = relativePath?.trim();
  if (!path) return undefined;
  let base: string;
  if (ABSOLUTE.test(path)) base = path;
  else {
    const root = (cdnBase ?? '').trim().replace(/\/+$/, '');
    base = `${root}/${path.replace(/^\/+/, '')}`;
  }
  const params: string[] = [];
  if (width !== undefined && Number.isFinite(width) && width > 0) params.push(`w=${Math.round(width)}`);
  if (Number.isFinite(quality)) params.push(`q=${Math.min(100, Math.max(1, Math.round(quality)))}`);
  if (params.length === 0) return base;
  // A path may already carry a query (signed URLs): append to it rather than start another one.
  const hashAt = base.indexOf('#');
  const head = hashAt === -1 ? base : base.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : base.slice(hashAt);
  const sep = head.includes('?') ? (head.endsWith('?') || head.endsWith('&') ? '' : '&') : '?';
  return `${head}${sep}${params.join('&')}${hash}`;
}
