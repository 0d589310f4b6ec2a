import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setRequestAuthKey } from '@data/api-client';
import { fetchGlobalData } from '@data/global-data';
import type { GlobalConfig } from '@domain/global-config';

const config: GlobalConfig = {
  socketTypeList: { '16AMP_WALL_SOCKET': { displayText: '16 Amp Socket', imageRelativePath: null, isActive: true } },
  imageCDNUrl: 'https://cdn.example.com',
  cityConfig: { defaultCity: 'blr', cityList: { blr: { cityId: 'blr', name: 'Bengaluru', state: 'KA', latitude: 12.97, longitude: 77.59 } } },
  czoUsers: [],
  tags: [{ id: 't1', name: 'Urgent' }],
  chargePointOperators: [],
  chargePointOperatorId: null,
  pinnedItems: [{ id: 'chargers', title: 'All Stations', redirect: '/charger-management/all-chargers' }],
};

afterEach(() => {
  vi.unstubAllGlobals();
  setRequestAuthKey(null);
});

describe('fetchGlobalData', () => {
  it('GETs the global-data path with the bearer key and the abort signal, and validates the answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    await expect(fetchGlobalData({ signal: controller.signal, authKey: 'k-1' })).resolves.toEqual(config);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/config\/secure\/czo-app-global$/);
    expect(init.method).toBe('GET');
    expect(init.signal).toBe(controller.signal);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer k-1');
  });

  it('uses the session key by default', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    setRequestAuthKey('session-key');
    await fetchGlobalData();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer session-key');
  });

  it('rejects an answer that does not match the global-config schema', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ ...config, imageCDNUrl: 42 }), { status: 200 }));
    await expect(fetchGlobalData()).rejects.toThrow();
  });

  it('rejects with the ApiError of a failed answer', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: 401, title: 'Unauthorized' }), { status: 401, headers: { 'Content-Type': 'application/problem+json' } }),
    );
    await expect(fetchGlobalData()).rejects.toBeInstanceOf(ApiError);
  });
});
