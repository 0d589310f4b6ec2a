import { z } from 'zod';

/** An application/problem+json body (RFC 9457) as every API error answers. */
export const problemSchema = z.object({
  type: z.string().optional(),
  status: z.number().int(),
  title: z.string(),
  detail: z.string().optional(),
  /** Field errors of a validation problem, by dotted path ("address.pinCode", "sockets.0.value"). */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
}).passthrough();
export type Problem = z.infer<typeof problemSchema>;

/** The console's fallback message for anything unexpected. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong.';

/** Turns a zod error into problem field errors with dotted paths. */
export function zodIssuesToFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): { path: string; message: string }[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
