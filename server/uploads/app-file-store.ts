// The one FileStore of a server (uploads, exports' downloads and their housekeeping share it), by where its data is:
// on PostgreSQL (DATABASE_URL) the database store, which every process behind a balancer reads alike; on the embedded
// database (one process) the disk store under `<DATA_DIR>/uploads`.
import path from 'node:path';
import type { ResolvedDeps } from '@server/app-deps';
import { createDatabaseFileStore } from './database-file-store';
import { createDiskFileStore, type FileStore } from './file-store';

const stores = new WeakMap<object, FileStore>();

/** The server's FileStore (one per set of dependencies). */
export function appFileStoreOf(deps: Pick<ResolvedDeps, 'config'> & Partial<Pick<ResolvedDeps, 'db'>>): FileStore {
  let store = stores.get(deps);
  if (!store) {
    store = deps.config.databaseUrl && deps.db ? createDatabaseFileStore(deps.db) : createDiskFileStore(path.join(deps.config.dataDir, 'uploads'));
    stores.set(deps, store);
  }
  return store;
}
