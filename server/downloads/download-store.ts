// Where download files are kept: the server's one FileStore (server/uploads/app-file-store.ts: the database on
// PostgreSQL, so an export written by one process is downloaded through any other; `<DATA_DIR>/uploads` on the
// embedded database), shared by the download routes (the signed file link), the export job that writes the file and
// the housekeeping that expires it.
import type { ResolvedDeps } from '@server/app-deps';
import { appFileStoreOf } from '@server/uploads/app-file-store';
import type { FileStore } from '@server/uploads/file-store';

/** The FileStore downloads are kept in (the upload service's). */
export function downloadStoreOf(deps: Pick<ResolvedDeps, 'config'> & Partial<Pick<ResolvedDeps, 'db'>>): FileStore {
  return appFileStoreOf(deps);
}
