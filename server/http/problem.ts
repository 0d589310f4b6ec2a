import type { Context } from 'hono';
import type { Problem } from '@domain/problem';

/** Content type of every error answer. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Problem types: a relative URI naming the kind of error (RFC 9457 `type`). */
export const problemTypes = {
  validation: '/problems/validation-error',
  malformedJson: '/problems/malformed-json',
  unauthorized: '/problems/unauthorized',
  forbidden: '/problems/forbidden',
  notFound: '/problems/not-found',
  conflict: '/problems/conflict',
  gone: '/problems/gone',
  rateLimited: '/problems/rate-limited',
  payloadTooLarge: '/problems/payload-too-large',
  otpIncorrect: '/problems/otp-incorrect',
  otpUnusable: '/problems/otp-unusable',
  undeclaredRoute: '/problems/undeclared-route',
  internal: '/problems/internal-error',
} as const;

/** A problem+json error thrown by handlers and turned into the answer by the app's error handler. */
export class HttpProblem extends Error {
  constructor(
    readonly problem: Problem & { status: number },
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(problem.detail ?? problem.title);
    this.name = 'HttpProblem';
  }
}

/** Answers a problem+json body with its status. */
export function problemResponse(c: Context, problem: Problem, headers: Record<string, string> = {}): Response {
  return c.body(JSON.stringify(problem), problem.status as 400, { ...headers, 'Content-Type': PROBLEM_CONTENT_TYPE });
}

/** 400 with field errors (dotted paths). */
export function validationProblem(errors: { path: string; message: string }[], detail = 'Some fields are not valid.'): HttpProblem {
  return new HttpProblem({ type: problemTypes.validation, status: 400, title: 'Invalid request', detail, errors });
}

/** 401: not signed in, or the session is no longer valid. */
export function unauthorizedProblem(detail: string, type: string = problemTypes.unauthorized): HttpProblem {
  return new HttpProblem({ type, status: 401, title: 'Unauthorized', detail });
}

/** 403: signed in but lacking the permission. */
export function forbiddenProblem(detail: string): HttpProblem {
  return new HttpProblem({ type: problemTypes.forbidden, status: 403, title: 'Forbidden', detail });
}

/** 404 for a path no route answers. */
/** 409: the request is valid but the record's current state refuses it; `errors` name the fields involved. */
export function conflictProblem(detail: string, errors: { path: string; message: string }[] = []): HttpProblem {
  return new HttpProblem({ type: problemTypes.conflict, status: 409, title: 'Conflict', detail, ...(errors.length > 0 ? { errors } : {}) });
}

/** 410: what the request names existed but is no longer kept (a file past its retention, a request that ended). */
export function goneProblem(detail: string): HttpProblem {
  return new HttpProblem({ type: problemTypes.gone, status: 410, title: 'Gone', detail });
}

export function notFoundProblem(detail: string): HttpProblem {
  return new HttpProblem({ type: problemTypes.notFound, status: 404, title: 'Not Found', detail });
}
