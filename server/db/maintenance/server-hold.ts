// The server's hold on its embedded database's folder (data-dir-socket.ts): taken before the database opens, so a
// second server or a database command on the same DATA_DIR refuses instead of corrupting it, and through which
// `npm run db:backup` asks the running server for a consistent dump.
import type { PGlite } from '@electric-sql/pglite';
import { ConfigError, type AppConfig } from '@server/config';
import { DataDirHeldError, holdDataDir } from './data-dir-socket';
import { dumpEmbeddedTo } from './embedded-dump';

/** The running server's hold: give it the database once open; release it after the database is closed. */
export interface ServerHold {
  attach(client: PGlite | undefined): void;
  release(): Promise<void>;
}

/** Holds DATA_DIR for a server on the embedded database on disk (none on PostgreSQL or in memory). */
export async function holdServerDataDir(config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'databaseInMemory'>): Promise<ServerHold> {
  if (config.databaseUrl || config.databaseInMemory) return { attach: () => {}, release: async () => {} };
  let client: PGlite | undefined;
  try {
    const hold = await holdDataDir(config.dataDir, {
      holder: 'server',
      backup: (file) => {
        if (!client) throw new Error('The server is still opening its database: try again in a moment.');
        return dumpEmbeddedTo(client, file);
      },
    });
    return {
      attach: (c) => void (client = c),
      release: async () => {
        client = undefined;
        await hold.release();
      },
    };
  } catch (error) {
    if (error instanceof DataDirHeldError) throw new ConfigError(`DATA_DIR ${config.dataDir}: ${error.message} One process at a time may open the embedded database (two corrupt it).`);
    throw error;
  }
}
