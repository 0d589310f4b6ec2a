import type { LookupScope } from '@domain/lookup';
import { normaliseIndianMobile } from '@domain/phone';

/** Prefix matches start from this many typed characters (digits for phone numbers). */
export const MIN_PREFIX_LENGTH = 4;

/** What a typed lookup text can be matched as, worked out once per request. */
export interface LookupTerms {
  /** The scope after a leading `#` (tickets) or `@` (users and hosts) was read. */
  scope: LookupScope;
  /** The text without the scope sign, trimmed. */
  text: string;
  /** The text as a code value: as typed, and upper-cased when it differs (ids are stored upper-case). */
  codes: readonly string[];
  /** Prefix of a code, upper-cased when typed all lower-case; undefined under MIN_PREFIX_LENGTH characters. */
  codePrefix: string | undefined;
  /** The text as a record number (bigint id). */
  number: number | undefined;
  /** The text as a complete Indian mobile number (10 national digits). */
  phone: string | undefined;
  /** The leading national digits of a mobile number being typed (4–9 digits); undefined otherwise. */
  phonePrefix: string | undefined;
}

const CODE = /^[A-Za-z0-9_\-:.]+$/;

/** The leading national digits of a partly typed mobile number ("+91 9845", "0 98450", "98450 1"). */
export function phonePrefixOf(text: string): string | undefined {
  let digits = text.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.startsWith('0091')) digits = digits.slice(4);
  else if (digits.startsWith('091')) digits = digits.slice(3);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  if (!/^[6-9]\d*$/.test(digits)) return undefined;
  return digits.length >= MIN_PREFIX_LENGTH && digits.length < 10 ? digits : undefined;
}

/** Reads the typed text: a leading `#` narrows to tickets, `@` to users and hosts (over the `scope` sent). */
export function lookupTermsOf(q: string, scope: LookupScope): LookupTerms {
  let text = q.trim();
  let effective = scope;
  if (text.startsWith('#')) {
    effective = 'tickets';
    text = text.slice(1).trim();
  } else if (text.startsWith('@')) {
    effective = 'people';
    text = text.slice(1).trim();
  }
  const isCode = CODE.test(text);
  const upper = text.toUpperCase();
  return {
    scope: effective,
    text,
    codes: isCode ? [...new Set([text, upper])] : [],
    codePrefix: isCode && text.length >= MIN_PREFIX_LENGTH ? (text === text.toLowerCase() ? upper : text) : undefined,
    number: /^\d{1,15}$/.test(text) ? Number(text) : undefined,
    phone: normaliseIndianMobile(text),
    phonePrefix: phonePrefixOf(text),
  };
}

/**
 * Id ranges whose decimal form starts with `prefix` and is longer than it: [p·10, p·10+10), [p·100, p·100+100), …
 * up to ids of 15 digits. Read through the primary key, they find "numbers starting with" without a scan.
 */
export function numberPrefixRanges(prefix: string): { from: number; to: number }[] {
  if (!/^[1-9]\d*$/.test(prefix) || prefix.length < MIN_PREFIX_LENGTH) return [];
  const ranges: { from: number; to: number }[] = [];
  let scale = 10;
  for (let digits = prefix.length + 1; digits <= 15; digits += 1, scale *= 10) {
    const from = Number(prefix) * scale;
    ranges.push({ from, to: from + scale });
  }
  return ranges;
}
