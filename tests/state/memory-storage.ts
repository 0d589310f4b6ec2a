import { webcrypto } from 'node:crypto';
import { createSecureStorage, type SecureStorage } from '@state/secure-storage';

/** A Web Storage kept in a Map, for tests outside a browser. */
export class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  /** The keys present now. */
  keys(): string[] {
    return [...this.map.keys()];
  }
}

/** The encrypted adapter over an in-memory Storage with Node's crypto.subtle and fixed test secrets. */
export function createTestStorage(backing: MemoryStorage): SecureStorage {
  return createSecureStorage({
    encryptionSecret: 'test-encryption-secret',
    hashSecret: 'test-hash-secret',
    storage: backing,
    subtle: webcrypto.subtle as SubtleCrypto,
    knownKeys: ['authKey', 'pinnedItems', 'breadcrumbs', 'recentUrls', 'menuCollapsed', 'tableState'],
    onDiscard: () => undefined,
  });
}
