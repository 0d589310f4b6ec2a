import { MemoryStorage, createTestStorage } from '../state/memory-storage';

/** The app's storage adapter for component tests: encrypted, in memory, with Node's crypto. */
export const backing = new MemoryStorage();
export const storage = createTestStorage(backing);
