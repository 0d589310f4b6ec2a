import { z } from 'zod';

/**
 * Normalises an Indian mobile number typed in any common form (98xxxxxxxx, +91 98…, 091-98…, 0 98…)
 * to its 10 national digits; undefined when it is not a valid Indian mobile number.
 */
export function normaliseIndianMobile(input: string): string | undefined {
  let digits = input.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.length === 14 && digits.startsWith('0091')) digits = digits.slice(4);
  else if (digits.length === 13 && digits.startsWith('091')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : undefined;
}

/** Formats 10 national digits as "+91 98765 43210"; anything else is returned unchanged. */
export function formatIndianMobile(national: string | null | undefined): string {
  if (!national) return '-';
  return /^\d{10}$/.test(national) ? `+91 ${national.slice(0, 5)} ${national.slice(5)}` : national;
}

/** "Aarav Sharma · +91 90000 00001": how a picker or a relation names a person (the name alone is often shared). */
export function nameDotNumber(name: string | null | undefined, mobileNumber: string): string {
  return `${name?.trim() || 'Unnamed'} · ${formatIndianMobile(mobileNumber)}`;
}

/** "Aarav Sharma (+91 90000 00001)", or the number alone: how a message names a person. */
export function nameWithNumber(person: { name: string | null; mobileNumber: string }): string {
  const phone = formatIndianMobile(person.mobileNumber);
  return person.name ? `${person.name} (${phone})` : phone;
}

/** Masks all but the last four digits: "******3210". */
export function maskMobile(national: string): string {
  return national.length <= 4 ? national : '*'.repeat(national.length - 4) + national.slice(-4);
}

/** Zod schema: an Indian mobile number in any common form, output as 10 national digits. */
export const indianMobileSchema = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .transform((value, ctx) => {
    const national = normaliseIndianMobile(value);
    if (!national) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid 10-digit Indian mobile number' });
      return z.NEVER;
    }
    return national;
  });
