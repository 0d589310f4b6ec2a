// Security profile 1: each OCPP charger's basic-auth password, stored as an scrypt hash (never the password).
import { createHash, randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { promisify } from 'node:util';
import { hashesEqual } from '@server/auth/hashing';

const scrypt = promisify(scryptCallback) as (password: string | Buffer, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/** scrypt cost (2^14: ~15 ms per check on these machines; a reconnecting charger is checked from memory). */
const COST = 16_384;

/** Shortest password accepted (OCPP 1.6 security whitepaper: 16 to 40 characters). */
export const CHARGER_PASSWORD_MIN = 16;
/** Longest password accepted. */
export const CHARGER_PASSWORD_MAX = 40;

/** A new random password: 24 base64url characters (144 bits). */
export function generateChargerPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The stored form: `scrypt$N$salt$hash` (salt and hash base64url). */
export async function hashChargerPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { N: COST, r: 8, p: 1 });
  return `scrypt$${COST}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

// Passwords checked recently, by stored hash: a charger reconnecting (or 10,000 after a restart of the network)
// costs one scrypt each per process, not one per connection. Keyed by the stored hash, so a rotation forgets it.
const verified = new Map<string, string>();
const MAX_VERIFIED = 50_000;

/** True when the password matches the stored hash (constant-time compare). */
export async function verifyChargerPassword(password: Buffer | string, stored: string): Promise<boolean> {
  const fingerprint = createHash('sha256').update(password).digest('base64url');
  const known = verified.get(stored);
  if (known !== undefined) return hashesEqual(known, fingerprint);
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false;
  const computed = await scrypt(password, Buffer.from(salt, 'base64url'), 32, { N: Number(cost), r: 8, p: 1 });
  const ok = hashesEqual(computed.toString('base64url'), hash);
  if (ok) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(stored, fingerprint);
  }
  return ok;
}
