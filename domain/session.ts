import { z } from 'zod';
import { indianMobileSchema } from './phone';

/** The signed-in staff user (the current session). */
export const currentUserSchema = z.object({
  authKey: z.string().min(1),
  userId: z.string(),
  mobileNumber: z.string(),
  /** The default when the user has no name. */
  name: z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? v : 'Guest')),
  email: z.string().nullable(),
  image: z.string().nullable(),
  referralCode: z.string().nullable(),
  wallet: z
    .object({
      userId: z.string(),
      userWallet: z.object({ walletId: z.string(), credits: z.number().int() }),
    })
    .nullable(),
  isActive: z.boolean(),
  permissions: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Body of POST /auth-service/czo/send-otp. */
export const sendOtpRequestSchema = z.object({ mobileNumber: indianMobileSchema });
export type SendOtpRequest = z.input<typeof sendOtpRequestSchema>;

/** Answer of POST /auth-service/czo/send-otp: the same for known and unknown numbers. */
export const sendOtpResponseSchema = z.object({
  message: z.string(),
  /** Seconds before another code may be requested for this number. */
  resendAfterSeconds: z.number().int().nonnegative(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int().positive(),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

/** Body of POST /auth-service/czo/verify-otp. */
export const verifyOtpRequestSchema = z.object({
  mobileNumber: indianMobileSchema,
  otp: z
    .string({ error: 'This field is required' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;

/** Paths of the session calls (validation and sign-out paths are ours). */
export const sessionPaths = {
  sendOtp: '/auth-service/czo/send-otp',
  verifyOtp: '/auth-service/czo/verify-otp',
  /** GET: validates the bearer key and answers the current user. */
  validate: '/auth-service/czo/session',
  /** POST: revokes the bearer key on the server. */
  signOut: '/auth-service/czo/logout',
  globalData: '/config/secure/czo-app-global',
  /** PUT: the signed-in user's pinned menu items, returned again in global data. */
  pinnedItems: '/config/secure/pinned-items',
} as const;
