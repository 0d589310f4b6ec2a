/** The sign-in SMS text for a code (pass "******" for the stored, masked copy). */
export function otpMessage(code: string, ttlSeconds: number): string {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return `Your CZO console sign-in code is ${code}. It is valid for ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The mask that replaces a code in stored messages. */
export const MASKED_CODE = '******';

/** The SMS text confirming a new sign-in number (pass "******" for the stored, masked copy). */
export function numberChangeMessage(code: string, ttlSeconds: number): string {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return `Your CZO console code to confirm this as your new sign-in number is ${code}. It is valid for ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
