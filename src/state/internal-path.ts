import { z } from 'zod';

/**
 * True for a same-origin path ("/a/b?c"): starts with one "/" and is not protocol-relative ("//host",
 * "/\host"), so a stored or server-sent value can never turn a link into an off-site one.
 */
export function isInternalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !hasControlCharacter(value);
}

// Browsers strip tabs and newlines from URLs, so "/\t/evil.example" would become protocol-relative.
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return true;
  return false;
}

/** Zod schema of an internal path (see isInternalPath), at most 2000 characters. */
export const internalPathSchema = z.string().max(2000).refine(isInternalPath, { message: 'Not an internal path' });
export type InternalPath = z.infer<typeof internalPathSchema>;

/** The path part of a URL-ish string, without search and hash ("/a?b#c" → "/a"). */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
