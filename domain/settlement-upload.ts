// Request and answer shapes of the settlement create and upload routes, shared by server and console.
import { z } from 'zod';
import { storableString } from './storable-text';

const reason = storableString().trim().max(2000);

/** Body of POST /pw-service/settlement: a draft for a host and period, optionally with bookings settled at once. */
export const settlementCreateSchema = z
  .strictObject({
    hostId: z.guid({ error: 'Choose a host' }),
    periodFrom: z.iso.date('Enter a date'),
    periodTo: z.iso.date('Enter a date'),
    bookingIds: z.array(z.number().int().positive('Not a booking number')).max(1_000, 'At most 1,000 bookings at once').optional(),
    notes: reason.optional(),
  })
  .refine((b) => b.periodFrom <= b.periodTo, { path: ['periodTo'], message: 'The period must end on or after its first day' })
  .refine((b) => new Set(b.bookingIds ?? []).size === (b.bookingIds ?? []).length, { path: ['bookingIds'], message: 'A booking is listed twice' });
export type SettlementCreate = z.infer<typeof settlementCreateSchema>;

/** Body of the upload preview and commit: the CSV file's text (see domain/settlement-csv.ts for the format). */
export const settlementUploadSchema = z.strictObject({ csv: storableString({ error: 'Send the CSV text' }).min(1, 'The file is empty').max(900_000, 'The file is larger than 900 KB') });
export type SettlementUpload = z.infer<typeof settlementUploadSchema>;

/** One row of a preview: the booking, its host and amount when found, and every problem by column. */
export const settlementUploadRowSchema = z.object({
  line: z.number(),
  bookingId: z.number().nullable(),
  hostId: z.string().nullable(),
  amountPaise: z.number().nullable(),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type SettlementUploadRow = z.infer<typeof settlementUploadRowSchema>;

/** A settlement the upload would create (one per host). */
export const settlementUploadGroupSchema = z.object({
  hostId: z.string(),
  hostName: z.string().nullable(),
  periodFrom: z.string(),
  periodTo: z.string(),
  bookingIds: z.array(z.number()),
  grossAmount: z.number(),
  commission: z.number(),
  gst: z.number(),
  netPayable: z.number(),
});
export type SettlementUploadGroup = z.infer<typeof settlementUploadGroupSchema>;

/** The preview of an upload: nothing is written; `ok` when every row can be settled. */
export const settlementUploadPreviewSchema = z.object({
  ok: z.boolean(),
  errorCount: z.number(),
  rows: z.array(settlementUploadRowSchema),
  settlements: z.array(settlementUploadGroupSchema),
});
export type SettlementUploadPreview = z.infer<typeof settlementUploadPreviewSchema>;
