import { z } from 'zod';

/** Events a user sends to a download (the transition route): cancel it while it waits or runs, retry it once ended. */
export const downloadEventSchemas = {
  CANCEL: z.strictObject({ type: z.literal('CANCEL') }),
  RETRY: z.strictObject({ type: z.literal('RETRY') }),
} as const;

/** Events the job queue sends as the export goes (never through the API). */
export type DownloadSystemEvent = { type: 'START' } | { type: 'FINISH' } | { type: 'FAIL' } | { type: 'REQUEUE' } | { type: 'EXPIRE' };

export type DownloadUserEvent = z.input<(typeof downloadEventSchemas)[keyof typeof downloadEventSchemas]>;

/** Every event of the download machine. */
export type DownloadEvent = DownloadUserEvent | DownloadSystemEvent;
