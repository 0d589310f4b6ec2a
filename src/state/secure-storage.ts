import type { z } from 'zod';

/**
 * Local storage through one adapter: every value is encrypted with AES-GCM (the key name is bound
 * in as additional data, so a value cannot be moved to another key) and carries an HMAC-SHA256 of
 * key and ciphertext. Keys are derived (HKDF) from two secrets of the environment settings.
 * A value that fails to decrypt, to verify or to validate against its zod schema is removed and
 * reads as missing: tampered or stale data never crashes the app.
 *
 * What this protects against: casual reading and editing of stored state by scripts, extensions or
 * people who have the browser profile but not the bundle. What it does not: the secrets ship in the
 * JavaScript bundle, so anyone with the bundle can derive the keys. The auth key is the real secret,
 * and the server bounds it (idle and absolute lifetimes, revocation on sign-out).
 */
export interface SecureStorage {
  /** Reads and validates a value; undefined when missing, undecryptable or invalid. */
  get<S extends z.ZodType>(key: string, schema: S): Promise<z.infer<S> | undefined>;
  /** Encrypts and stores a value; writes to one key keep their order. */
  set(key: string, value: unknown): Promise<void>;
  /** Removes one key. */
  remove(key: string): Promise<void>;
  /** Removes every key this adapter has written or read (the console's whole local state). */
  clear(): Promise<void>;
}

/** Options of createSecureStorage. */
export interface SecureStorageOptions {
  /** Secret for the encryption key (VITE_STORAGE_ENCRYPTION_KEY). */
  encryptionSecret: string;
  /** Secret for the integrity hash (VITE_STORAGE_HASH_KEY). */
  hashSecret: string;
  /** The Web Storage to use; default the global localStorage. */
  storage?: Storage;
  /** Web Crypto's SubtleCrypto; default globalThis.crypto.subtle. */
  subtle?: SubtleCrypto;
  /** Names of every key the app uses, so clear() removes them even if not touched this session. */
  knownKeys?: readonly string[];
  /** Called when a stored value is discarded; default console.warn. */
  onDiscard?: (key: string, reason: string) => void;
}

const FORMAT = 'v1';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const out = new Uint8Array(new ArrayBuffer(s.length));
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function deriveKey(
  subtle: SubtleCrypto,
  secret: string,
  info: string,
  algorithm: AesKeyGenParams | HmacKeyGenParams,
  usages: KeyUsage[],
): Promise<CryptoKey> {
  const base = await subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('czo-console/local-storage'), info: encoder.encode(info) },
    base,
    algorithm,
    false,
    usages,
  );
}

/** Creates the encrypted local-storage adapter. */
export function createSecureStorage(options: SecureStorageOptions): SecureStorage {
  const subtle = options.subtle ?? globalThis.crypto.subtle;
  const storage = () => options.storage ?? globalThis.localStorage;
  const onDiscard = options.onDiscard ?? ((key, reason) => console.warn(`Discarded stored "${key}": ${reason}`));
  const touched = new Set<string>(options.knownKeys ?? []);
  const queues = new Map<string, Promise<void>>();

  const keys = (async () => ({
    aes: await deriveKey(subtle, options.encryptionSecret, 'aes-gcm', { name: 'AES-GCM', length: 256 }, ['encrypt', 'decrypt']),
    hmac: await deriveKey(subtle, options.hashSecret, 'hmac', { name: 'HMAC', hash: 'SHA-256', length: 256 }, ['sign', 'verify']),
  }))();

  const macInput = (key: string, iv: string, data: string) => encoder.encode(`${FORMAT}|${key}|${iv}|${data}`);

  async function seal(key: string, value: unknown): Promise<string> {
    const { aes, hmac } = await keys;
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const cipher = new Uint8Array(
      await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(key) }, aes, encoder.encode(JSON.stringify(value))),
    );
    const ivText = toBase64(iv);
    const dataText = toBase64(cipher);
    const mac = new Uint8Array(await subtle.sign('HMAC', hmac, macInput(key, ivText, dataText)));
    return [FORMAT, ivText, dataText, toBase64(mac)].join('.');
  }

  async function open(key: string, sealed: string): Promise<unknown> {
    const { aes, hmac } = await keys;
    const [format, ivText, dataText, macText] = sealed.split('.');
    if (format !== FORMAT || !ivText || !dataText || !macText) throw new Error('unknown format');
    const ok = await subtle.verify('HMAC', hmac, fromBase64(macText), macInput(key, ivText, dataText));
    if (!ok) throw new Error('integrity check failed');
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(ivText), additionalData: encoder.encode(key) },
      aes,
      fromBase64(dataText),
    );
    return JSON.parse(decoder.decode(plain));
  }

  /** Runs writes to one key in order, so a slow encryption never overtakes a later write. */
  function enqueue(key: string, job: () => Promise<void>): Promise<void> {
    const next = (queues.get(key) ?? Promise.resolve()).then(job, job);
    queues.set(key, next.catch(() => undefined));
    return next;
  }

  return {
    async get(key, schema) {
      touched.add(key);
      await queues.get(key);
      const sealed = storage().getItem(key);
      if (sealed === null) return undefined;
      let value: unknown;
      try {
        value = await open(key, sealed);
      } catch (error) {
        onDiscard(key, error instanceof Error ? error.message : String(error));
        storage().removeItem(key);
        return undefined;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        onDiscard(key, 'stored value did not validate');
        storage().removeItem(key);
        return undefined;
      }
      return parsed.data;
    },
    set(key, value) {
      touched.add(key);
      return enqueue(key, async () => storage().setItem(key, await seal(key, value)));
    },
    remove(key) {
      touched.add(key);
      return enqueue(key, async () => storage().removeItem(key));
    },
    async clear() {
      await Promise.all([...touched].map((key) => enqueue(key, async () => storage().removeItem(key))));
    },
  };
}
