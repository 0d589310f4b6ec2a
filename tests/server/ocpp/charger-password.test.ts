// Charger passwords (security profile 1): salted sha256 for the server-made passwords, earlier scrypt hashes still
// accepted, wrong passwords and malformed stored values refused.
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateChargerPassword, hashChargerPassword, verifyChargerPassword } from '@server/ocpp/charger-password';

describe('charger passwords', () => {
  it('stores a salted sha256 that verifies the password and nothing else', async () => {
    const password = generateChargerPassword();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const stored = hashChargerPassword(password);
    expect(stored).toMatch(/^sha256\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain(password);
    // Two hashes of one password differ (salt).
    expect(hashChargerPassword(password)).not.toBe(stored);
    expect(await verifyChargerPassword(password, stored)).toBe(true);
    expect(await verifyChargerPassword(Buffer.from(password), stored)).toBe(true);
    expect(await verifyChargerPassword(`${password}x`, stored)).toBe(false);
    expect(await verifyChargerPassword('', stored)).toBe(false);
  });

  it('still accepts an scrypt hash written before, and refuses malformed stored values', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$16384$${salt.toString('base64url')}$${scryptSync('old-charger-password', salt, 32, { N: 16_384, r: 8, p: 1 }).toString('base64url')}`;
    expect(await verifyChargerPassword('old-charger-password', legacy)).toBe(true);
    // Remembered after the first check, and the memory still refuses another password.
    expect(await verifyChargerPassword('old-charger-password', legacy)).toBe(true);
    expect(await verifyChargerPassword('other-password-here', legacy)).toBe(false);
    for (const bad of ['', 'sha256$', 'sha256$$', 'md5$a$b', 'scrypt$16384$only-salt', 'plain-text-password']) {
      expect(await verifyChargerPassword('plain-text-password', bad)).toBe(false);
    }
  });
});
