import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memory-storage';

// The stores persist through the app's one adapter; here it is the same encrypted adapter over memory.
const backing = new MemoryStorage();
vi.mock('@state/storage', async () => {
  const { createTestStorage: create } = await import('./memory-storage');
  return { storage: create(backing) };
});

const { storage } = await import('@state/storage');
const { pinsStore, hydratePins, pinItem, adoptServerPins } = await import('@state/pins');
const { breadcrumbStore, hydrateBreadcrumbs, saveBreadcrumbs } = await import('@state/breadcrumbs');
const { recentUrlsStore, hydrateRecentUrls, recordRecentUrl } = await import('@state/recent-urls');
const { menuCollapsedStore, hydrateMenuCollapsed, setMenuCollapsed } = await import('@state/menu-collapsed');
const { hydrateClientState, resetClientState } = await import('@state/client-state');
const { pushToast, toastStore } = await import('@state/toasts');
const { pinnedItemsSchema } = await import('@domain/pinned-item');
const { z } = await import('zod');

const daily = { id: 'progress-tracker.daily', title: 'Daily Tracker', redirect: '/progress-tracker/daily-tracker' };

/** Lets the adapter's queued async encryption finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(async () => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  await resetClientState();
  backing.clear();
});

describe('store hydration', () => {
  it('loads valid stored state into every store', async () => {
    await storage.set('pinnedItems', [daily]);
    await storage.set('breadcrumbs', [{ title: 'Progress Tracker' }, { title: 'Daily Tracker', path: daily.redirect }]);
    await storage.set('recentUrls', ['/b', '/a']);
    await storage.set('menuCollapsed', true);
    await hydrateClientState();
    expect(pinsStore.items).toEqual([daily]);
    expect(breadcrumbStore.trail).toHaveLength(2);
    expect(recentUrlsStore.urls).toEqual(['/b', '/a']);
    expect(menuCollapsedStore.value).toBe(true);
  });

  it('discards invalid stored data and uses the defaults', async () => {
    await storage.set('pinnedItems', [{ id: 'x', title: 'Evil', redirect: '//evil.example' }]);
    await storage.set('breadcrumbs', 'not a trail');
    await storage.set('recentUrls', Array.from({ length: 11 }, (_, i) => `/p${i}`));
    await storage.set('menuCollapsed', 'yes');
    await hydrateClientState();
    expect(pinsStore.items).toEqual([]);
    expect(breadcrumbStore.trail).toEqual([]);
    expect(recentUrlsStore.urls).toEqual([]);
    expect(menuCollapsedStore.value).toBe(false);
    // The invalid values were removed from storage.
    expect(backing.keys()).toEqual([]);
  });

  it('discards tampered ciphertext', async () => {
    await storage.set('menuCollapsed', true);
    const sealed = backing.getItem('menuCollapsed')!;
    backing.setItem('menuCollapsed', `${sealed.slice(0, -4)}AAAA`);
    await hydrateMenuCollapsed();
    expect(menuCollapsedStore.value).toBe(false);
  });

  it('persists changes through the adapter and reads them back', async () => {
    pinItem(daily);
    saveBreadcrumbs([{ title: 'Daily Tracker', path: daily.redirect }]);
    recordRecentUrl('/progress-tracker/daily-tracker?day=1');
    setMenuCollapsed(true);
    await settle();
    expect(await storage.get('pinnedItems', pinnedItemsSchema)).toEqual([daily]);
    expect(await storage.get('menuCollapsed', z.boolean())).toBe(true);
    // Hydrating again gives the same state.
    await hydratePins();
    await hydrateBreadcrumbs();
    await hydrateRecentUrls();
    expect(pinsStore.items).toEqual([daily]);
    expect(breadcrumbStore.trail).toEqual([{ title: 'Daily Tracker', path: daily.redirect }]);
    expect(recentUrlsStore.urls).toEqual(['/progress-tracker/daily-tracker?day=1']);
  });

  it('sends every user pin change to the server', async () => {
    const fetchMock = vi.mocked(globalThis.fetch);
    fetchMock.mockClear();
    pinItem(daily);
    pinItem(daily);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/config\/secure\/pinned-items$/);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual([daily]);
  });

  it('adopts server pins only when none are stored locally', async () => {
    adoptServerPins([daily, { id: 'bad', title: 'Bad', redirect: 'https://evil.example' }]);
    expect(pinsStore.items).toEqual([daily]);
    adoptServerPins([{ id: 'other', title: 'Other', redirect: '/other' }]);
    expect(pinsStore.items).toEqual([daily]);
  });

  it('keeps a list the user emptied: an unpin racing a reload never brings the pin back from the server', async () => {
    pinItem(daily);
    await settle();
    const { unpinItem } = await import('@state/pins');
    unpinItem(daily.id);
    await settle();
    // The next page load finds the stored empty list; the server copy (maybe not yet saved) is not adopted.
    await hydratePins();
    adoptServerPins([daily]);
    expect(pinsStore.items).toEqual([]);
  });

  it('adopts the server copy when the stored list was discarded as tampered', async () => {
    pinItem(daily);
    await settle();
    backing.setItem('pinnedItems', 'v1.tampered.value.mac');
    await hydratePins();
    expect(pinsStore.items).toEqual([]);
    adoptServerPins([daily]);
    expect(pinsStore.items).toEqual([daily]);
  });

  it('reset clears every store and leaves no key in local storage', async () => {
    pinItem(daily);
    saveBreadcrumbs([{ title: 'Daily Tracker', path: daily.redirect }]);
    recordRecentUrl('/progress-tracker/daily-tracker');
    setMenuCollapsed(true);
    pushToast('Hello');
    await settle();
    expect(backing.length).toBeGreaterThan(0);
    await resetClientState();
    await settle();
    expect(pinsStore.items).toEqual([]);
    expect(breadcrumbStore.trail).toEqual([]);
    expect(recentUrlsStore.urls).toEqual([]);
    expect(menuCollapsedStore.value).toBe(false);
    expect(toastStore.toasts).toEqual([]);
    expect(backing.keys()).toEqual([]);
  });
});
