import { createSecureStorage } from './secure-storage';
import { storageKeys } from './storage-keys';

/**
 * The app's one storage adapter, keyed from the environment settings VITE_STORAGE_ENCRYPTION_KEY and
 * VITE_STORAGE_HASH_KEY (development defaults below; set real ones for each deployment).
 */
export const storage = createSecureStorage({
  encryptionSecret: import.meta.env.VITE_STORAGE_ENCRYPTION_KEY ?? 'dev-only-encryption-secret-change-me',
  hashSecret: import.meta.env.VITE_STORAGE_HASH_KEY ?? 'dev-only-hash-secret-change-me',
  knownKeys: Object.values(storageKeys),
});
