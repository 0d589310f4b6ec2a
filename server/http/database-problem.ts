// The app's last word on database errors that input checks did not catch first: a data error (SQLSTATE class 22:
// a bad character, a number out of range, a malformed value) is the caller's bad input, 400; an integrity error
// (class 23: a unique value taken, a missing or referenced record, a failed CHECK) is a conflict with the stored
// data, 409; a transaction the database rolled back because it met another at the same moment (class 40: a
// deadlock, a serialization failure, such as staff closing a session while the charger's own stop arrives) changed
// nothing and is a conflict to try again, 409. Anything else stays a 500. Routes with more to say (resource routes
// name the field) map first.
import { databaseErrorOf } from '@server/db/database-error';
import { HttpProblem, problemTypes } from './problem';

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** 400 for a data error, 409 for an integrity error or a transaction rolled back by a concurrent one, undefined for any other error. */
export function databaseProblem(error: unknown): HttpProblem | undefined {
  const facts = databaseErrorOf(error);
  if (!facts) return undefined;
  const path = facts.column ? camelCase(facts.column) : '';
  if (facts.code.startsWith('22')) {
    return new HttpProblem({
      type: problemTypes.validation,
      status: 400,
      title: 'Invalid request',
      detail: 'A value cannot be stored as it is.',
      errors: [{ path, message: 'Value is not valid' }],
    });
  }
  if (facts.code.startsWith('23')) {
    return new HttpProblem({
      type: problemTypes.conflict,
      status: 409,
      title: 'Conflict',
      detail: 'The change conflicts with the stored data (a value already used, or a record missing or still in use).',
      errors: [{ path, message: 'Conflicts with the stored data' }],
    });
  }
  if (facts.code.startsWith('40')) {
    return new HttpProblem(
      {
        type: problemTypes.conflict,
        status: 409,
        title: 'Conflict',
        detail: 'Another change to the same records happened at the same moment, so nothing was changed. Try again.',
      },
      { 'Retry-After': '1' },
    );
  }
  return undefined;
}
