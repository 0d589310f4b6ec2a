import { describe, expect, it } from 'vitest';
import { ApiError } from '@data/api-client';
import { GENERIC_ERROR_MESSAGE } from '@domain/problem';
import { loginHref, nextPathFrom, toSessionError } from '@app/session/session-logic';
import { SessionRequestError } from '@machines/session.machine';

describe('toSessionError', () => {
  it('gives the field message of a 400 as an invalid-input failure', () => {
    const error = new ApiError(400, {
      status: 400,
      title: 'Bad Request',
      detail: 'Invalid request',
      errors: [{ path: 'mobileNumber', message: 'Enter a valid 10-digit Indian mobile number' }],
    });
    const failure = toSessionError(error, 'mobileNumber');
    expect(failure).toBeInstanceOf(SessionRequestError);
    expect([failure.message, failure.kind]).toEqual(['Enter a valid 10-digit Indian mobile number', 'invalid']);
    expect(toSessionError(error, 'otp').message).toBe('Invalid request');
  });

  it('tells a refused key or code, a rate limit and anything else apart', () => {
    const answer = (status: number, detail: string) => toSessionError(new ApiError(status, { status, title: 'x', detail }));
    expect(answer(401, 'Incorrect code. 4 attempts left.')).toMatchObject({ kind: 'rejected', message: 'Incorrect code. 4 attempts left.' });
    expect(answer(403, 'Account inactive.')).toMatchObject({ kind: 'rejected' });
    expect(answer(429, 'Too many codes requested.')).toMatchObject({ kind: 'rateLimited', message: 'Too many codes requested.' });
    expect(answer(503, 'Down for maintenance.')).toMatchObject({ kind: 'unavailable' });
    expect(toSessionError(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'unavailable', message: GENERIC_ERROR_MESSAGE });
  });
});

describe('loginHref and nextPathFrom', () => {
  it('round-trips the current location through ?next=', () => {
    const href = loginHref('/ticket-management/tickets/42?tab=comments');
    expect(href).toBe('/login?next=%2Fticket-management%2Ftickets%2F42%3Ftab%3Dcomments');
    expect(nextPathFrom(href.split('?')[1] ?? '')).toBe('/ticket-management/tickets/42?tab=comments');
  });

  it('adds no next for home or the login page itself', () => {
    expect(loginHref('/')).toBe('/login');
    expect(loginHref('/login?next=%2Fx')).toBe('/login');
  });

  it('only follows same-origin paths, and never back to /login', () => {
    expect(nextPathFrom('')).toBe('/');
    expect(nextPathFrom('next=%2F%2Fevil.example.com')).toBe('/');
    expect(nextPathFrom('next=https%3A%2F%2Fevil.example.com')).toBe('/');
    expect(nextPathFrom('next=%2F%5Cevil.example.com')).toBe('/');
    expect(nextPathFrom('next=%2Flogin')).toBe('/');
    expect(nextPathFrom('next=%2Fzone-management%2Frisk-zone')).toBe('/zone-management/risk-zone');
  });
});
