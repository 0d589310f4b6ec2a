// Commands to many chargers at once and their answers in words: a batch's results and the latest batches. Apart from
// domain/ocpp.ts (which the palette's first load reads) because only the command screens and the API need them.
import { z } from 'zod';
import { COMMAND_BATCHES_SCREEN, ocppCommandStatusLabels, type OcppCommandView } from './ocpp';

/** A charger's own answer to a command (the `status` of its reply), in words. */
export const ocppAnswerLabels: Readonly<Record<string, string>> = {
  Accepted: 'Accepted',
  Rejected: 'Rejected',
  RebootRequired: 'Accepted: takes effect after a reboot',
  NotSupported: 'Not supported by this charger',
  Scheduled: 'Scheduled: takes effect when the current session ends',
  Unlocked: 'Unlocked',
  UnlockFailed: 'Unlock failed',
  NotImplemented: 'Not implemented by this charger',
  Unknown: 'No such limit was set',
  UnknownMessageId: 'The vendor does not know this message id',
  UnknownVendorId: 'The charger does not know this vendor id',
};

/** Longest part of a DataTransfer answer's data said in words (the whole of it is in the command's record). */
const DATA_SHOWN_CHARS = 200;

/** The words of a command record's answer: its status, and the charger's own answer when it said more than yes or no. */
export function commandAnswerText(view: Pick<OcppCommandView, 'status' | 'response' | 'error'>): string {
  const said = (view.response as { status?: unknown } | null)?.status;
  const status = ocppCommandStatusLabels[view.status] ?? view.status;
  const answer = typeof said === 'string' ? (ocppAnswerLabels[said] ?? said) : null;
  const base = answer && answer !== status && !(view.status === 'rejected' && said === 'Rejected') ? `${status} (${answer})` : status;
  // Only a DataTransfer's answer has data (the vendor's reply), shown as text: never markup, cut when long.
  const data = (view.response as { data?: unknown } | null)?.data;
  const withData = typeof data === 'string' && data !== '' ? `${base}, data: “${data.length > DATA_SHOWN_CHARS ? `${data.slice(0, DATA_SHOWN_CHARS)}…` : data}”` : base;
  return view.error ? `${withData}. ${view.error}` : withData;
}

/** Statuses of a command that has not had its answer yet. */
export const pendingCommandStatuses: readonly string[] = ['queued', 'sent'];

/** One batch of commands (one send to one or many chargers) as the recent batches list shows it. */
export const ocppCommandBatchSchema = z.object({
  batchId: z.string(),
  action: z.string(),
  createdAt: z.string(),
  requestedByName: z.string().nullable(),
  chargers: z.number(),
  accepted: z.number(),
  pending: z.number(),
});
export type OcppCommandBatch = z.infer<typeof ocppCommandBatchSchema>;
export const ocppCommandBatchListSchema = z.object({ items: z.array(ocppCommandBatchSchema) });

/** The console's page of a batch's results (no id: the recent batches). */
export function commandBatchPath(batchId?: string): string {
  return `${COMMAND_BATCHES_SCREEN}${batchId ? `/${encodeURIComponent(batchId)}` : ''}`;
}
