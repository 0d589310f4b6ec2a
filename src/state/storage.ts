import { createSecureStorage } from './secure-storage';
import { storageKeys } from './storage-keys';
import { DEV_STORAGE_SECRETS } from './storage-secrets';

/**
 * The app's one storage adapter, keyed from the environment settings VITE_STORAGE_ENCRYPTION_KEY and
 * VITE_STORAGE_HASH_KEY (development values when unset; a production build refuses those, see storage-secrets.ts).
 */
export const storage = createSecureStorage({
  encryptionSecret: import.meta.env.VITE_STORAGE_ENCRYPTION_KEY ?? DEV_STORAGE_SECRETS.VITE_STORAGE_ENCRYPTION_KEY,
  hashSecret: import.meta.env.VITE_STORAGE_HASH_KEY ?? DEV_STORAGE_SECRETS.VITE_STORAGE_HASH_KEY,
  knownKeys: Object.values(storageKeys),
});
