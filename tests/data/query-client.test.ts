/** @vitest-environment jsdom */
import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@data/api-client';
import {
  MAX_RETRIES,
  createQueryClient,
  createThrottle,
  installFocusThrottle,
  isSlowConnection,
  retryDelayFor,
  shouldRetry,
} from '@data/query-client';
import { DEDUPE_WINDOW_MS, ERROR_RETRY_MS, ERROR_RETRY_SLOW_MS, FOCUS_THROTTLE_MS } from '@domain/constants';

describe('createThrottle', () => {
  it('lets the first call through, then one per interval', () => {
    let time = 1_000;
    const allow = createThrottle(5_000, () => time);
    expect(allow()).toBe(true);
    time += 1;
    expect(allow()).toBe(false);
    time += 4_998; // 4 999 ms after the first
    expect(allow()).toBe(false);
    time += 1; // exactly 5 s
    expect(allow()).toBe(true);
    time += 2_000;
    expect(allow()).toBe(false);
    time += 3_000;
    expect(allow()).toBe(true);
  });

  it('measures from the last call that passed, not the last call', () => {
    let time = 0;
    const allow = createThrottle(5_000, () => time);
    expect(allow()).toBe(true);
    for (time = 1_000; time < 5_000; time += 1_000) expect(allow()).toBe(false);
    time = 5_000;
    expect(allow()).toBe(true);
  });
});

describe('retryDelayFor', () => {
  it('waits 5 s on a normal or unknown connection', () => {
    expect(retryDelayFor(undefined)).toBe(ERROR_RETRY_MS);
    expect(retryDelayFor(null)).toBe(5_000);
    expect(retryDelayFor({ effectiveType: '4g' })).toBe(5_000);
    expect(retryDelayFor({})).toBe(5_000);
  });

  it('waits 10 s on slow-2g, 2g, 3g or with data saver on', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(retryDelayFor({ effectiveType })).toBe(ERROR_RETRY_SLOW_MS);
    expect(retryDelayFor({ effectiveType: '4g', saveData: true })).toBe(10_000);
    expect(isSlowConnection({ effectiveType: '4g', saveData: false })).toBe(false);
  });
});

describe('shouldRetry', () => {
  const problem = (status: number) => new ApiError(status, { status, title: 'x' });

  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetry(0, problem(status))).toBe(false);
  });

  it(`retries network failures and 5xx up to ${MAX_RETRIES} times`, () => {
    expect(shouldRetry(0, problem(500))).toBe(true);
    expect(shouldRetry(0, problem(0))).toBe(true);
    expect(shouldRetry(MAX_RETRIES - 1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(MAX_RETRIES, problem(503))).toBe(false);
  });
});

describe('installFocusThrottle', () => {
  afterEach(() => vi.useRealTimers());

  it('tells TanStack Query about focus at most once per 5 s', () => {
    let time = 100_000;
    installFocusThrottle(FOCUS_THROTTLE_MS, () => time);
    const onFocus = vi.fn();
    const unsubscribe = focusManager.subscribe(onFocus);
    window.dispatchEvent(new Event('focus'));
    expect(onFocus).toHaveBeenCalledTimes(1);
    time += 1_000;
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('visibilitychange'));
    expect(onFocus).toHaveBeenCalledTimes(1);
    time += 4_000;
    window.dispatchEvent(new Event('visibilitychange'));
    expect(onFocus).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});

describe('createQueryClient', () => {
  it('applies the refresh policy to every query', () => {
    const client = createQueryClient();
    const defaults = client.getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(DEDUPE_WINDOW_MS);
    expect(defaults?.refetchOnWindowFocus).toBe(true);
    expect(defaults?.retry).toBe(shouldRetry);
    expect(typeof defaults?.retryDelay === 'function' && defaults.retryDelay(1, new Error('x'))).toBe(ERROR_RETRY_MS);
  });

  it('deduplicates a second fetch of the same key within 2 s, and fetches again after', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const fetcher = vi.fn(async () => 'answer');
    await client.fetchQuery({ queryKey: ['dedupe'], queryFn: fetcher });
    await client.fetchQuery({ queryKey: ['dedupe'], queryFn: fetcher });
    expect(fetcher).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DEDUPE_WINDOW_MS + 1);
    await client.fetchQuery({ queryKey: ['dedupe'], queryFn: fetcher });
    expect(fetcher).toHaveBeenCalledTimes(2);
    client.clear();
  });

  it('retries a failed query after 5 s, and not a 404', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(503, { status: 503, title: 'Unavailable' });
      return 'ok';
    };
    const result = client.fetchQuery({ queryKey: ['flaky'], queryFn: flaky, retry: shouldRetry });
    await vi.advanceTimersByTimeAsync(ERROR_RETRY_MS - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(calls).toBe(2);

    const missing = vi.fn(async () => {
      throw new ApiError(404, { status: 404, title: 'Not Found' });
    });
    await expect(client.fetchQuery({ queryKey: ['missing'], queryFn: missing, retry: shouldRetry })).rejects.toBeInstanceOf(ApiError);
    expect(missing).toHaveBeenCalledTimes(1);
    client.clear();
  });
});
