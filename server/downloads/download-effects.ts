// Effects of the user's download events, in the transition's transaction: CANCEL cancels the export job (a queued
// one at once, a running one at its next batch); RETRY queues a new export job for the same request.
import type { WorkflowEffect } from '@server/workflows/workflow-effects';
import { cancelJobsOf, enqueueJob } from '@server/jobs/job-queue';
import { wakeJobWorkers } from '@server/jobs/job-worker';
import { EXPORT_JOB } from './download-job';

/** The download workflow's effects. */
export const downloadEffects: WorkflowEffect = async (tx, { event, before, session, now }) => {
  const id = String(before.id);
  if (event.type === 'CANCEL') await cancelJobsOf(tx, EXPORT_JOB, id, now);
  if (event.type === 'RETRY') {
    await enqueueJob(tx, { kind: EXPORT_JOB, subject: id, ownerId: String(before.requestedBy ?? session.userId), dedupeKey: `${EXPORT_JOB}:${id}` }, now);
    setTimeout(wakeJobWorkers, 10).unref();
  }
};
