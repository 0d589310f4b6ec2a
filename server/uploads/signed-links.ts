// Short-lived signed links to private uploads: `<relativePath>?expires=<unix seconds>&signature=<HMAC>`, the HMAC
// (SHA-256, base64url) over the relative path and the expiry with the server's UPLOAD_LINK_SECRET. An <img src>
// cannot send a bearer header, so the console asks the API for these links and loads private images through them.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Expiries are rounded up to this step (a minute), so the links signed within it are the same URL (browser cache). */
const EXPIRY_STEP_SECONDS = 60;

/** A signed link to a relative path: the path with its query, and when it stops working. */
export interface SignedLink {
  url: string;
  expiresAt: Date;
}

function signatureOf(secret: string, relativePath: string, expires: number): string {
  return createHmac('sha256', secret).update(`${relativePath}\n${expires}`).digest('base64url');
}

/** Signs a relative path (`uploads/private/…`) for at least `ttlSeconds` from `now` (up to a minute more). */
export function signUploadLink(secret: string, relativePath: string, now: Date, ttlSeconds: number): SignedLink {
  const expires = Math.ceil((now.getTime() / 1000 + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const url = `${relativePath}?expires=${expires}&signature=${signatureOf(secret, relativePath, expires)}`;
  return { url, expiresAt: new Date(expires * 1000) };
}

/** What a link's expiry and signature say: valid (with its expiry), expired, or not signed by us. */
export type LinkCheck = { valid: true; expiresAt: Date } | { valid: false; reason: 'expired' | 'invalid' };

/** Checks the `expires` and `signature` of a link to `relativePath` at `now` (constant-time comparison). */
export function checkUploadLink(secret: string, relativePath: string, expires: string | undefined, signature: string | undefined, now: Date): LinkCheck {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return { valid: false, reason: 'invalid' };
  const expected = Buffer.from(signatureOf(secret, relativePath, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'invalid' };
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, expiresAt };
}
