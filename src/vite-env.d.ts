/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API host; default: the same origin as the console. */
  readonly VITE_API_BASE_URL?: string;
  /** Secret the local-storage encryption key is derived from. */
  readonly VITE_STORAGE_ENCRYPTION_KEY?: string;
  /** Secret the local-storage integrity hash key is derived from. */
  readonly VITE_STORAGE_HASH_KEY?: string;
  /** Product name, the default page title. */
  readonly VITE_PRODUCT_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
