// Text PostgreSQL can store: text and jsonb columns refuse the NUL character (SQLSTATE 22021 / 22P05), and a UTF-16
// surrogate without its pair has no UTF-8 form (drivers silently turn it into U+FFFD). Both are refused as input,
// with the field's path, before any query sees them.
import { z } from 'zod';

/** Message of a value holding a character that cannot be stored. */
export const UNSTORABLE_TEXT_MESSAGE = 'Remove the NUL or broken (unpaired surrogate) character: it cannot be stored';

/** True when every character of the text can be stored: no NUL, no UTF-16 surrogate outside a pair. */
export function isStorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** NUL, a high surrogate not followed by a low one, or a low surrogate not after a high one (UTF-16 code units). */
const UNSTORABLE_CHARACTER = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text with each character PostgreSQL cannot store (NUL, an unpaired surrogate) as U+FFFD: for what is kept as
 * received rather than refused (a charger's frames in the OCPP log), so one such character fails no batch.
 */
export function storableText(text: string): string {
  return isStorableText(text) ? text : text.replace(UNSTORABLE_CHARACTER, '\uFFFD');
}

/** A string schema that refuses unstorable text (zod's string params, e.g. the "required" message, pass through). */
export function storableString(params?: Parameters<typeof z.string>[0]): z.ZodString {
  return z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}

/** A field error: dotted path and message, as problem+json carries it. */
export interface TextProblem {
  path: string;
  message: string;
}

/**
 * Every place in a parsed JSON value (strings and object keys, at any depth) holding unstorable text, by dotted
 * path (at most `limit` of them). Walks without recursion, so a deeply nested document cannot overflow the stack.
 */
export function unstorableTextPaths(value: unknown, limit = 20): TextProblem[] {
  interface Step {
    value: unknown;
    key: string;
    parent: Step | undefined;
  }
  const pathOf = (step: Step | undefined, last?: string): string => {
    const keys = last === undefined ? [] : [last];
    for (let s = step; s?.parent; s = s.parent) keys.push(s.key);
    return keys.reverse().join('.');
  };
  const found: TextProblem[] = [];
  const stack: Step[] = [{ value, key: '', parent: undefined }];
  while (stack.length > 0 && found.length < limit) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push({ path: pathOf(step), message: UNSTORABLE_TEXT_MESSAGE });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: String(i), parent: step });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (isStorableText(key)) stack.push({ value: child, key, parent: step });
        else found.push({ path: pathOf(step, key), message: UNSTORABLE_TEXT_MESSAGE });
      }
    }
  }
  return found;
}
