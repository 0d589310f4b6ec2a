// Downloads: the routes that request an export and hand out its file, the download machine's effects (cancel and
// retry reach the export job), and the export job itself, whose progress refreshes the console's download lists.
import { downloadResource } from '@domain/resources/downloads/download';
import { liveResourceKey, resourceAudience } from '@domain/live-event';
import { publishLive } from '@server/live/live-events';
import type { NotificationBus } from '@server/live/notification-bus';
import type { ServerModule } from '@server/server-module';
import { downloadEffects } from './download-effects';
import { EXPORT_JOB, EXPORT_MIN_BATCH_ROWS, EXPORT_MIN_BATCH_ROWS_EMBEDDED, exportJobHandler, exportTempDir } from './download-job';
import { registerDownloadRoutes } from './download-routes';
import { downloadStoreOf } from './download-store';

/** Publishes a download's progress as a live event: every download list and that download's record refresh. */
function downloadProgressPublisher(bus: NotificationBus | undefined) {
  if (!bus) return undefined;
  return async (_channel: string, payload: unknown) => {
    const data = payload as { id: number; status: string };
    // Every signed-in user may list all downloads (who asked for what, its status and size): so may they hear of them.
    const permission = resourceAudience(downloadResource, { inOwnLists: true });
    publishLive(bus, { keys: [liveResourceKey(downloadResource.name)], permission, topic: 'download', data: data as Record<string, unknown> }, { immediate: data.status !== 'RUNNING' });
  };
}

export const downloadsModule: ServerModule = {
  name: 'downloads',
  routes: (registry) => registerDownloadRoutes(registry),
  effects: { [downloadResource.name]: downloadEffects },
  jobs: (deps) => ({
    handlers: {
      [EXPORT_JOB]: exportJobHandler({
        store: downloadStoreOf(deps),
        tempDir: exportTempDir(deps.config.dataDir),
        publish: downloadProgressPublisher(deps.bus),
        busyBatchRows: deps.config.databaseUrl ? EXPORT_MIN_BATCH_ROWS : EXPORT_MIN_BATCH_ROWS_EMBEDDED,
        ...deps.tuning,
      }),
    },
  }),
};
