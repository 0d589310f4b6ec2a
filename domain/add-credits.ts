// Add credits to wallet (Wallet Management; the user service's `add-credits-to-wallet` route): staff paste a list of
// mobile numbers, see who each one is in a preview, then credit every listed wallet in one all-or-nothing commit.
// Nobody credits their own wallet or a staff account's; a batch whose total is above the approval limit (the server's
// ADD_CREDITS_APPROVAL_ABOVE_PAISE) is held as a credit request until another staff member approves it.
// Shared by the console (parsing the pasted list, the limits it states) and the server (the same limits, enforced).
import { z } from 'zod';
import { formatInr, rupeesToPaise } from './format-money';
import { normaliseIndianMobile } from './phone';
import { storableString } from './storable-text';

/** Most credits one number may get in one request: ₹10,000 (in paise). */
export const ADD_CREDITS_MAX_PER_NUMBER_PAISE = 1_000_000;
/** Most numbers (rows) in one request. */
export const ADD_CREDITS_MAX_ROWS = 1_000;
/** Length limits of the reason, which each wallet's history shows as the entry's note. */
export const ADD_CREDITS_REASON_MIN = 3;
export const ADD_CREDITS_REASON_MAX = 200;

/** Messages of the row checks, shared so the console and the server say the same thing. */
export const addCreditsMessages = {
  invalidNumber: 'Not a valid 10-digit Indian mobile number',
  unknownNumber: 'No user has this number',
  blocked: 'This number is blocked',
  inactive: 'This user is blocked',
  amountNotWhole: 'Amount must be whole paise',
  amountNotPositive: 'Amount must be more than ₹0',
  amountOverLimit: `At most ${formatInr(ADD_CREDITS_MAX_PER_NUMBER_PAISE)} per number`,
  duplicate: (row: number) => `Listed already on row ${row}: each number once (add the amounts up on one row)`,
  ownWallet: 'This is your own wallet: nobody credits their own',
  staffWallet: 'This is a staff account: staff wallets are not credited from here',
} as const;

/** The amount checks of one row: undefined when the amount (paise) can be credited. */
export function amountProblem(amount: number): string | undefined {
  if (!Number.isFinite(amount) || !Number.isInteger(amount)) return addCreditsMessages.amountNotWhole;
  if (amount <= 0) return addCreditsMessages.amountNotPositive;
  if (amount > ADD_CREDITS_MAX_PER_NUMBER_PAISE) return addCreditsMessages.amountOverLimit;
  return undefined;
}

const reasonSchema = storableString({ error: 'Give a reason' })
  .trim()
  .min(ADD_CREDITS_REASON_MIN, `Give a reason of at least ${ADD_CREDITS_REASON_MIN} characters`)
  .max(ADD_CREDITS_REASON_MAX, `At most ${ADD_CREDITS_REASON_MAX} characters`);

const rowsOf = <T extends z.ZodType>(row: T) =>
  z
    .array(row, { error: 'Send the rows' })
    .min(1, 'List at least one number')
    .max(ADD_CREDITS_MAX_ROWS, `At most ${ADD_CREDITS_MAX_ROWS.toLocaleString('en-IN')} numbers at once: split the list`);

/** A row as the preview takes it: anything typed, checked row by row in the answer rather than refused. */
export const addCreditsPreviewRowSchema = z.strictObject({
  mobileNumber: storableString({ error: 'Send the number' }).max(40, 'At most 40 characters'),
  amount: z.number({ error: 'Send the amount in paise' }),
});

/** Body of POST /user-service/add-credits-to-wallet/preview: the rows, and the reason if already typed. */
export const addCreditsPreviewSchema = z.strictObject({
  rows: rowsOf(addCreditsPreviewRowSchema),
  message: z.string().max(ADD_CREDITS_REASON_MAX + 100).optional(),
});
export type AddCreditsPreviewRequest = z.infer<typeof addCreditsPreviewSchema>;

/** A row as the commit takes it: a valid number and a positive whole amount within the limit. */
export const addCreditsRowSchema = z.strictObject({
  mobileNumber: storableString({ error: 'Send the number' })
    .max(40, 'At most 40 characters')
    .transform((value, ctx) => {
      const national = normaliseIndianMobile(value);
      if (!national) {
        ctx.addIssue({ code: 'custom', message: addCreditsMessages.invalidNumber });
        return z.NEVER;
      }
      return national;
    }),
  amount: z
    .number({ error: 'Send the amount in paise' })
    .int(addCreditsMessages.amountNotWhole)
    .positive(addCreditsMessages.amountNotPositive)
    .max(ADD_CREDITS_MAX_PER_NUMBER_PAISE, addCreditsMessages.amountOverLimit),
});

/** Body of POST /user-service/add-credits-to-wallet: the rows and the reason (each wallet's history shows it). */
export const addCreditsSchema = z.strictObject({
  rows: rowsOf(addCreditsRowSchema),
  message: reasonSchema,
});
export type AddCreditsRequest = z.infer<typeof addCreditsSchema>;

/** One row of a preview: who the number is, their balance now, and what is wrong with the row, by field. */
export const addCreditsPreviewRowResultSchema = z.object({
  mobileNumber: z.string().nullable(),
  userId: z.string().nullable(),
  name: z.string().nullable(),
  walletId: z.string().nullable(),
  balance: z.number().nullable(),
  amount: z.number(),
  errors: z.array(z.object({ field: z.enum(['mobileNumber', 'amount']), message: z.string() })),
});
export type AddCreditsPreviewRow = z.infer<typeof addCreditsPreviewRowResultSchema>;

/** The preview: nothing is written; `ok` when every row can be credited. */
export const addCreditsPreviewAnswerSchema = z.object({
  ok: z.boolean(),
  errorCount: z.number(),
  /** Rows without problems, and the sum of their amounts (paise). */
  count: z.number(),
  total: z.number(),
  rows: z.array(addCreditsPreviewRowResultSchema),
  /** The batch total (paise) above which a commit is held for another staff member's approval, and whether this one is. */
  approvalAbove: z.number(),
  needsApproval: z.boolean(),
});
export type AddCreditsPreview = z.infer<typeof addCreditsPreviewAnswerSchema>;

/** The answer of a commit: the batch and each wallet credited with its balance after. */
export const addCreditsAnswerSchema = z.object({
  batchId: z.string(),
  count: z.number(),
  total: z.number(),
  wallets: z.array(z.object({ userId: z.string(), walletId: z.string(), mobileNumber: z.string(), name: z.string().nullable(), amount: z.number(), balance: z.number() })),
});
export type AddCreditsAnswer = z.infer<typeof addCreditsAnswerSchema>;

/** The answer of a commit above the approval limit: nothing credited yet, a credit request waiting for another staff member. */
export const addCreditsHeldAnswerSchema = z.object({
  creditRequestId: z.number(),
  status: z.literal('PENDING'),
  count: z.number(),
  total: z.number(),
  approvalAbove: z.number(),
});
export type AddCreditsHeldAnswer = z.infer<typeof addCreditsHeldAnswerSchema>;

/** One pasted line read: its line number (from 1), the number as typed, and the amount (paise) or why none. */
export interface PastedCreditLine {
  line: number;
  mobileNumber: string;
  amount: number | null;
  amountError?: string;
}

/**
 * Reads a pasted list: one number per line, or "number, amount" (amount in rupees, digits grouped by commas or not;
 * a comma, tab or semicolon separates it from the number, so spreadsheet columns paste as they are). Blank lines are skipped. Lines without their own amount
 * take `defaultAmount` (paise; undefined when none is typed).
 */
export function parsePastedCredits(text: string, defaultAmount: number | undefined): PastedCreditLine[] {
  const lines: PastedCreditLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === '') return;
    // The first comma, tab or semicolon ends the number; commas after it group the amount's digits (₹1,200).
    const split = /^([^,\t;]*)[,\t;](.*)$/.exec(trimmed);
    const numberPart = (split ? split[1]! : trimmed).trim();
    const amountPart = split?.[2]!.trim();
    const line = index + 1;
    if (amountPart === undefined || amountPart === '') {
      lines.push(defaultAmount === undefined ? { line, mobileNumber: numberPart, amount: null, amountError: 'Enter an amount for the list or on this line' } : { line, mobileNumber: numberPart, amount: defaultAmount });
      return;
    }
    const cleaned = amountPart.replace(/^(₹|rs\.?|inr)\s*/i, '');
    const paise = /^-?\d[\d,]*(\.\d{1,2})?$/.test(cleaned) ? rupeesToPaise(cleaned.replace(/,/g, '')) : undefined;
    lines.push(paise === undefined ? { line, mobileNumber: numberPart, amount: null, amountError: 'Not an amount in rupees (at most 2 decimals)' } : { line, mobileNumber: numberPart, amount: paise });
  });
  return lines;
}

/** A row of the console's preview table: the pasted line, the server's answer for it, and its problems in words. */
export interface AddCreditsReviewRow {
  line: number;
  typed: string;
  result: AddCreditsPreviewRow | undefined;
  /** Problems by field: the pasted line's own (an amount that is not rupees) first, then the server's. */
  problems: { field: 'mobileNumber' | 'amount'; message: string }[];
}

/** The request rows of pasted lines (a line without a readable amount is sent with 0; its own problem is shown). */
export function requestRowsOf(lines: readonly PastedCreditLine[]): { mobileNumber: string; amount: number }[] {
  return lines.map((l) => ({ mobileNumber: l.mobileNumber, amount: l.amount ?? 0 }));
}

/** Pairs each pasted line with its preview row; a line's own amount problem replaces the server's amount message. */
export function reviewRowsOf(lines: readonly PastedCreditLine[], preview: AddCreditsPreview): AddCreditsReviewRow[] {
  return lines.map((line, index) => {
    const result = preview.rows[index];
    const server = result?.errors ?? [];
    const problems = line.amountError ? [...server.filter((e) => e.field !== 'amount'), { field: 'amount' as const, message: line.amountError }] : [...server];
    return { line: line.line, typed: line.mobileNumber, result, problems };
  });
}

/** The pasted text without the given lines (numbers from 1): what "leave out the rows with problems" keeps. */
export function withoutLines(text: string, lines: ReadonlySet<number>): string {
  return text
    .split(/\r?\n/)
    .filter((_, index) => !lines.has(index + 1))
    .join('\n');
}
