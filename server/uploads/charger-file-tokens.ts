// One-use upload tokens for chargers: a charger uploading a file we asked for (its diagnostics) has no staff session,
// so its location carries a token naming what it is for, the record and the charger it is bound to and its expiry,
// signed (HMAC-SHA-256, base64url) with the server's UPLOAD_LINK_SECRET. The signature proves we made the location;
// the record, not the token, says whether it was used already (one use: the feature refuses a second).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token is for (signed with it, so a token of one purpose never opens another's). */
export type ChargerFilePurpose = 'diagnostics';

function signatureOf(secret: string, purpose: ChargerFilePurpose, recordId: string, chargerId: number, expires: number): string {
  return createHmac('sha256', secret).update(`charger-file\n${purpose}\n${recordId}\n${chargerId}\n${expires}`).digest('base64url');
}

/** A token for a record (a uuid) and its charger, valid until `expiresAt`: `<recordId>.<unix seconds>.<signature>`. */
export function signChargerFileToken(secret: string, purpose: ChargerFilePurpose, recordId: string, chargerId: number, expiresAt: Date): string {
  const expires = Math.ceil(expiresAt.getTime() / 1000);
  return `${recordId}.${expires}.${signatureOf(secret, purpose, recordId, chargerId, expires)}`;
}

/** The record a token names, before its signature is checked (null: not a token's shape). */
export function recordOfChargerFileToken(token: string): { recordId: string; expires: number; signature: string } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { recordId: match[1]!, expires: Number(match[2]), signature: match[3]! } : null;
}

/** Checks a token against the record's charger at `now`: valid, expired, or not ours (constant-time comparison). */
export function checkChargerFileToken(secret: string, purpose: ChargerFilePurpose, token: string, chargerId: number, now: Date): 'valid' | 'expired' | 'invalid' {
  const parts = recordOfChargerFileToken(token);
  if (!parts) return 'invalid';
  const expected = Buffer.from(signatureOf(secret, purpose, parts.recordId, chargerId, parts.expires));
  const given = Buffer.from(parts.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return parts.expires * 1000 <= now.getTime() ? 'expired' : 'valid';
}
