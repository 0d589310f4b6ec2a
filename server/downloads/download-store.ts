// Where download files are kept: the upload service's store (`<DATA_DIR>/uploads`), one per configuration, shared by
// the download routes (the signed file link), the export job that writes the file and the housekeeping that expires it.
import path from 'node:path';
import type { ResolvedDeps } from '@server/app-deps';
import { createDiskFileStore, type FileStore } from '@server/uploads/file-store';

const stores = new WeakMap<ResolvedDeps, FileStore>();

/** The FileStore downloads are kept in (the upload service's store: `<DATA_DIR>/uploads`). */
export function downloadStoreOf(deps: Pick<ResolvedDeps, 'config'>): FileStore {
  let store = stores.get(deps as ResolvedDeps);
  if (!store) {
    store = createDiskFileStore(path.join(deps.config.dataDir, 'uploads'));
    stores.set(deps as ResolvedDeps, store);
  }
  return store;
}
