import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit one-time code from the CSPRNG, zero-padded. */
export function generateOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Keyed hash of a one-time code: HMAC-SHA256 with the server pepper, bound to the challenge id so a
 * hash cannot be replayed on another challenge. A stolen table alone cannot be brute-forced.
 */
export function hashOtpCode(pepper: string, challengeId: string, code: string): string {
  return createHmac('sha256', pepper).update(`${challengeId}:${code}`).digest('base64url');
}

/** Compares two hashes in constant time. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A new bearer key: 32 random bytes, base64url. */
export function generateAuthKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a bearer key: its sha256 (the key has 256 bits of entropy, so no salt is needed). */
export function hashAuthKey(authKey: string): string {
  return createHash('sha256').update(authKey).digest('hex');
}
