import { z } from 'zod';
import { indianMobileSchema } from './phone';

/** The API of a sign-in number change (server/users/change-mobile-number-routes.ts), under the user's path. */
export const changeNumberPaths = {
  /** POST { mobileNumber }: sends a code to the new number. */
  start: (userPath: string) => `${userPath}/mobile-number`,
  /** POST { mobileNumber, otp }: changes the number and revokes the user's sessions. */
  confirm: (userPath: string) => `${userPath}/mobile-number/confirm`,
};

/** Permission of the change (any user); a staff user's also needs the staff screens' update permission. */
export const CHANGE_NUMBER_PERMISSION = 'ROLE_CHANGE_USER_MOBILE_NUMBER' as const;

/** What the form sends to start. */
export const changeNumberStartSchema = z.strictObject({ mobileNumber: indianMobileSchema });
/** What the form sends to confirm. */
export const changeNumberConfirmSchema = z.strictObject({ mobileNumber: indianMobileSchema, otp: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') });
/** The answer of a started change. */
export const changeNumberStartedSchema = z.object({ message: z.string(), expiresInSeconds: z.number(), resendAfterSeconds: z.number() });
/** The answer of a confirmed change. */
export const changeNumberDoneSchema = z.object({ user: z.record(z.string(), z.unknown()), sessionsRevoked: z.number() });
