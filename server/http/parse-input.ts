import type { Context } from 'hono';
import type { z } from 'zod';
import { zodIssuesToFieldErrors } from '@domain/problem';
import { HttpProblem, problemTypes, validationProblem } from './problem';

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

/** Reads the JSON body and validates it; 400 problem for malformed JSON or invalid fields. */
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
  const result = schema.safeParse(json);
  if (!result.success) throw validationProblem(fieldErrorsOf(result.error.issues));
  return result.data;
}

/** Validates the query string; 400 problem with field paths when invalid. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw validationProblem(fieldErrorsOf(result.error.issues), 'Some query parameters are not valid.');
  return result.data;
}
