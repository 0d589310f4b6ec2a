import { storableString } from './storable-text';

/** The shortest and longest name a person may have here. */
export const PERSON_NAME_MIN = 2;
export const PERSON_NAME_MAX = 80;

/** What a person's name may hold, in words (the field's message and help). */
export const PERSON_NAME_MESSAGE = 'Use 2 to 80 letters (any script), spaces, dots, apostrophes or hyphens';

// Letters of any script with their combining marks (Devanagari vowel signs are marks), space, dot, both apostrophes,
// hyphen; at least one letter, so "..." or "- -" is not a name.
const allowed = /^[\p{L}\p{M} .'’-]+$/u;
const hasLetter = /\p{L}/u;

/** A person's name as staff type it: trimmed, 2 to 80 characters of letters, spaces, dots, apostrophes, hyphens. */
export const personNameSchema = storableString({ error: 'This field is required' })
  .trim()
  .min(1, { error: 'This field is required', abort: true })
  .min(PERSON_NAME_MIN, { error: `At least ${PERSON_NAME_MIN} characters`, abort: true })
  .max(PERSON_NAME_MAX, { error: `At most ${PERSON_NAME_MAX} characters`, abort: true })
  .regex(allowed, PERSON_NAME_MESSAGE)
  .regex(hasLetter, PERSON_NAME_MESSAGE);
