// Security profile 1: each OCPP charger's basic-auth password, stored as a salted hash (never the password).
//
// The passwords are made by the server (24 random base64url characters, 144 bits), as bearer keys are, so a slow
// hash would add nothing against guessing (2^144 tries) while costing every handshake: scrypt at 2^14 takes about
// 15 ms of CPU, 150 s for 10,000 chargers reconnecting after a restart. New hashes are `sha256$salt$hash`;
// `scrypt$N$salt$hash` hashes written before are still accepted (and checked once per process, then remembered).
import { createHash, randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { promisify } from 'node:util';
import { hashesEqual } from '@server/auth/hashing';

const scrypt = promisify(scryptCallback) as (password: string | Buffer, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/** Shortest password accepted (OCPP 1.6 security whitepaper: 16 to 40 characters). */
export const CHARGER_PASSWORD_MIN = 16;
/** Longest password accepted. */
export const CHARGER_PASSWORD_MAX = 40;

/** A new random password: 24 base64url characters (144 bits). */
export function generateChargerPassword(): string {
  return randomBytes(18).toString('base64url');
}

const sha256 = (salt: Buffer, password: Buffer | string) => createHash('sha256').update(salt).update(password).digest('base64url');

/** The stored form: `sha256$salt$hash` (salt and hash base64url; the hash is sha256 of salt then password). */
export function hashChargerPassword(password: string): string {
  const salt = randomBytes(16);
  return `sha256$${salt.toString('base64url')}$${sha256(salt, password)}`;
}

// Legacy scrypt hashes checked recently, by stored hash: a reconnecting charger costs one scrypt per process.
const verified = new Map<string, string>();
const MAX_VERIFIED = 50_000;

/** True when the password matches the stored hash (constant-time compare). */
export async function verifyChargerPassword(password: Buffer | string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts[0] === 'sha256' && parts.length === 3 && parts[1] && parts[2]) return hashesEqual(sha256(Buffer.from(parts[1], 'base64url'), password), parts[2]);
  const [scheme, cost, salt, hash] = parts;
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false;
  const fingerprint = createHash('sha256').update(password).digest('base64url');
  const known = verified.get(stored);
  if (known !== undefined) return hashesEqual(known, fingerprint);
  const computed = await scrypt(password, Buffer.from(salt, 'base64url'), 32, { N: Number(cost), r: 8, p: 1 });
  const ok = hashesEqual(computed.toString('base64url'), hash);
  if (ok) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(stored, fingerprint);
  }
  return ok;
}
