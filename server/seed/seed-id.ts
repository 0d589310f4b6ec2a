import { createHash } from 'node:crypto';

/**
 * A deterministic UUID (version-5 style, SHA-1) for a seed record, from its kind and natural key, so
 * demo records have the same ids on every machine and docs and tests can rely on them.
 */
export function seedId(kind: string, key: string): string {
  const hex = createHash('sha1').update(`czo-seed:${kind}:${key}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
