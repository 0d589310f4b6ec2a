import type { Context } from 'hono';
import type { z } from 'zod';
import { zodIssuesToFieldErrors } from '@domain/problem';
import { isStorableText, unstorableTextPaths } from '@domain/storable-text';
import { HttpProblem, notFoundProblem, problemTypes, validationProblem } from './problem';

interface IssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

/** Field errors of zod issues, with one entry per unknown key ("Unknown field") so each has its own path. */
export function fieldErrorsOf(issues: readonly IssueLike[]): { path: string; message: string }[] {
  const expanded = issues.flatMap((issue): { path: readonly PropertyKey[]; message: string }[] =>
    issue.code === 'unrecognized_keys' && issue.keys
      ? issue.keys.map((key) => ({ path: [...issue.path, key], message: 'Unknown field' }))
      : [issue],
  );
  return zodIssuesToFieldErrors(expanded);
}

/** Reads the JSON body and validates it; 400 problem for malformed JSON, text that cannot be stored, or invalid fields. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  if (text.trim() === '') {
    throw new HttpProblem({
      type: problemTypes.malformedJson,
      status: 400,
      title: 'Malformed JSON',
      detail: 'The request body must be a JSON document.',
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpProblem({ type: problemTypes.malformedJson, status: 400, title: 'Malformed JSON', detail: 'The request body is not valid JSON.' });
  }
  // Before the schema: text the database cannot store is refused wherever it is, also in fields whose schema takes
  // any JSON (jsonb) and in keys a strict schema would only call unknown.
  const unstorable = unstorableTextPaths(json);
  if (unstorable.length > 0) throw validationProblem(unstorable);
  const result = schema.safeParse(json);
  if (!result.success) throw validationProblem(fieldErrorsOf(result.error.issues));
  return result.data;
}

/** Validates the query string; 400 problem with field paths when invalid or holding text that cannot be stored. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const query = c.req.query();
  const unstorable = unstorableTextPaths(query);
  if (unstorable.length > 0) throw validationProblem(unstorable, 'Some query parameters are not valid.');
  const result = schema.safeParse(query);
  if (!result.success) throw validationProblem(fieldErrorsOf(result.error.issues), 'Some query parameters are not valid.');
  return result.data;
}

/** Refuses path parameters holding text the database cannot store: no record can have such an id, so 404. */
export function checkPathParams(c: Context): void {
  for (const [name, value] of Object.entries(c.req.param() as Record<string, string>)) {
    if (!isStorableText(value)) throw notFoundProblem(`Nothing has that ${name}: it holds a character that cannot be stored.`);
  }
}
