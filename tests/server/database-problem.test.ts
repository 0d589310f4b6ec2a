// The app's answer to a database error no route mapped first: bad values 400, conflicts with stored data 409, and a
// transaction the database rolled back because another ran at the same moment (a deadlock, a serialization failure)
// 409 with Retry-After, never a 500; anything else is left to the app's 500.
import { describe, expect, it } from 'vitest';
import { databaseProblem } from '@server/http/database-problem';

const failure = (code: string) => Object.assign(new Error('Failed query: update …'), { cause: Object.assign(new Error('db'), { code }) });

describe('databaseProblem', () => {
  it('answers a deadlock and a serialization failure 409, to be tried again', () => {
    for (const code of ['40P01', '40001']) {
      const problem = databaseProblem(failure(code));
      expect(problem?.problem.status).toBe(409);
      expect(problem?.problem.detail).toBe('Another change to the same records happened at the same moment, so nothing was changed. Try again.');
      expect(problem?.headers['Retry-After']).toBe('1');
    }
  });

  it('keeps 400 for bad values, 409 for conflicts, and nothing for other errors', () => {
    expect(databaseProblem(failure('22P02'))?.problem.status).toBe(400);
    expect(databaseProblem(failure('23505'))?.problem.status).toBe(409);
    expect(databaseProblem(failure('53300'))).toBeUndefined();
    expect(databaseProblem(new Error('not a database error'))).toBeUndefined();
  });
});
