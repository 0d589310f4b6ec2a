import { useMemo } from 'react';

/**
 * An Idempotency-Key for one attempt at sending `input`: the same while the input is unchanged (so a retry after a
 * lost answer cannot create twice), a new one as soon as it changes.
 */
export function useIdempotencyKey(input: unknown): string {
  const fingerprint = JSON.stringify(input);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new key exactly when the input's content changes
  return useMemo(() => crypto.randomUUID(), [fingerprint]);
}
