/**
 * Development values of the two build-time secrets the local-storage adapter derives its keys from, used when
 * VITE_STORAGE_ENCRYPTION_KEY / VITE_STORAGE_HASH_KEY are unset. Anyone with this repository knows them, so a
 * production build refuses them (vite.config.ts keeps the same values for that check; a test keeps the two equal).
 */
export const DEV_STORAGE_SECRETS = {
  VITE_STORAGE_ENCRYPTION_KEY: 'dev-only-encryption-secret-change-me',
  VITE_STORAGE_HASH_KEY: 'dev-only-hash-secret-change-me',
} as const;
