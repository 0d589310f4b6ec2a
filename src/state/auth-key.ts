import { z } from 'zod';
import { storage } from './storage';
import { storageKeys } from './storage-keys';

/** The stored auth key: a non-empty string (anything else reads as no key). */
export const storedAuthKeySchema = z.string().min(1);
export type StoredAuthKey = z.infer<typeof storedAuthKeySchema>;

/** Reads the auth key from encrypted local storage; null when none (or unreadable). */
export async function getStoredAuthKey(): Promise<StoredAuthKey | null> {
  return (await storage.get(storageKeys.authKey, storedAuthKeySchema)) ?? null;
}

/** Stores the auth key in encrypted local storage. */
export function setStoredAuthKey(authKey: StoredAuthKey): Promise<void> {
  return storage.set(storageKeys.authKey, authKey);
}

/** Removes the stored auth key. */
export function clearStoredAuthKey(): Promise<void> {
  return storage.remove(storageKeys.authKey);
}
