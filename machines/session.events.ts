import { z } from 'zod';
import { indianMobileSchema } from '@domain/phone';
import { verifyOtpRequestSchema } from '@domain/session';

/** SEND_CODE: the number as typed; parsing it gives the 10 national digits (or the zod message). */
export const sendCodeEventSchema = z.object({ type: z.literal('SEND_CODE'), mobileNumber: indianMobileSchema });
export type SendCodeEvent = z.input<typeof sendCodeEventSchema>;

/** VERIFY: the one-time code as typed; parsing it checks the 6 digits (same rule as the server's). */
export const verifyEventSchema = z.object({ type: z.literal('VERIFY'), otp: verifyOtpRequestSchema.shape.otp });
export type VerifyEvent = z.input<typeof verifyEventSchema>;

/** EDIT_NUMBER: back from the code step to the number step. */
export const editNumberEventSchema = z.object({ type: z.literal('EDIT_NUMBER') });
export type EditNumberEvent = z.infer<typeof editNumberEventSchema>;

/** RESEND: asks for another code (accepted once the countdown reached 0). */
export const resendEventSchema = z.object({ type: z.literal('RESEND') });
export type ResendEvent = z.infer<typeof resendEventSchema>;

/** TICK: one second of the resend countdown has passed. */
export const tickEventSchema = z.object({ type: z.literal('TICK') });
export type TickEvent = z.infer<typeof tickEventSchema>;

/** WINDOW_FOCUSED: the window got focus (the key is checked again, failed global data retried). */
export const windowFocusedEventSchema = z.object({ type: z.literal('WINDOW_FOCUSED') });
export type WindowFocusedEvent = z.infer<typeof windowFocusedEventSchema>;

/** RETRY: check the stored key again after the server could not be reached. */
export const retryEventSchema = z.object({ type: z.literal('RETRY') });
export type RetryEvent = z.infer<typeof retryEventSchema>;

/** SIGN_OUT: the user signs out. */
export const signOutEventSchema = z.object({ type: z.literal('SIGN_OUT') });
export type SignOutEvent = z.infer<typeof signOutEventSchema>;

/** Any event a host may send to the session machine. */
export const sessionEventSchema = z.discriminatedUnion('type', [
  sendCodeEventSchema,
  verifyEventSchema,
  editNumberEventSchema,
  resendEventSchema,
  tickEventSchema,
  windowFocusedEventSchema,
  retryEventSchema,
  signOutEventSchema,
]);
export type SessionEvent = z.input<typeof sessionEventSchema>;

/** The type names of every session event. */
export const sessionEventTypes = sessionEventSchema.options.map((option) => option.shape.type.value);
