// A database constraint a write broke, said as problem+json naming the field: bad input is never a 500. Every route
// that writes a resource's row (the generic routes, create charger) maps its errors through this.
import type { Resource } from '@domain/resource/define-resource';
import { HttpProblem, problemTypes, validationProblem } from '@server/http/problem';
import { columnName } from './build-tables';

interface PgErrorLike {
  code?: string;
  detail?: string;
  constraint?: string;
}

/** Maps constraint violations to problem+json with the field's path (never a 500 for bad input). */
export function constraintProblem(resource: Resource, error: unknown): HttpProblem | undefined {
  const e = ((error as { cause?: unknown }).cause ?? error) as PgErrorLike;
  if (!e || typeof e.code !== 'string') return undefined;
  const column = /Key \(([a-z0-9_]+)\)/.exec(e.detail ?? '')?.[1];
  const field = Object.keys(resource.allFields).find((f) => columnName(f) === column);
  if (e.code === '23505') {
    const label = field ? resource.allFields[field]!.label : 'A value';
    return new HttpProblem({
      type: problemTypes.validation,
      status: 409,
      title: 'Conflict',
      detail: `${label} is already used by another ${resource.title.toLowerCase()}.`,
      errors: [{ path: field ?? '', message: `${label} is already used by another ${resource.title.toLowerCase()}` }],
    });
  }
  if (e.code === '23503') return validationProblem([{ path: field ?? '', message: 'Choose an existing record' }]);
  if (e.code === '23514' || e.code === '23502') return validationProblem([{ path: field ?? '', message: 'This field is required' }]);
  if (e.code === '22P02' || e.code === '22003' || e.code === '22007' || e.code === '22008') return validationProblem([{ path: field ?? '', message: 'Value is not valid' }]);
  return undefined;
}
