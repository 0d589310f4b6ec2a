import { expect, test, type APIRequestContext } from '@playwright/test';
import { GENERIC_ERROR_MESSAGE } from '@domain/problem';
import { parseSpecRoutes } from '@tests/support/spec-routes';
import { resourceEntries } from './menu-walk';
import { apiKey, signIn, staff } from './support';

/** The id of the first record a list answers (sorted by id, so a run sees the same record each time). */
async function firstId(request: APIRequestContext, headers: Record<string, string>, path: string): Promise<string> {
  const res = await request.get(path, { headers });
  expect(res.ok(), path).toBe(true);
  const [first] = ((await res.json()) as { items: { id: string | number }[] }).items;
  if (!first) throw new Error(`${path} has no records`);
  return String(first.id);
}

/** Real seeded ids for the `{id}` routes, fetched through the API as the Super Admin. */
async function idsFor(request: APIRequestContext): Promise<(path: string) => string> {
  const headers = { Authorization: `Bearer ${await apiKey(request, staff.superAdmin)}` };
  const [ticket, installation, order, myOrder] = await Promise.all([
    firstId(request, headers, '/ticket-service/my-ticket?size=1'),
    firstId(request, headers, '/ticket-service/charger-installation?size=1'),
    firstId(request, headers, '/lms/order?size=1'),
    firstId(request, headers, '/lms/order?scope=mine&size=1'),
  ]);
  const byRoute: Record<string, string> = {
    '/ticket-management/tickets/{id}': ticket,
    '/ticket-management/tickets/{id}/installation/add': installation,
    '/order-management/all-orders/{id}': order,
    '/order-management/my-orders/{id}': myOrder,
  };
  return (path) => {
    const id = byRoute[path];
    if (!id) throw new Error(`no seeded id for ${path}: add one when the route list (tests/support/spec-routes.ts) gains a route with {id}`);
    return path.replace('{id}', encodeURIComponent(id));
  };
}

/**
 * Listed routes that have no screen yet (none now):
 * the walk expects exactly these to say "Page not found", so whoever builds one takes it off this list.
 */
const notBuiltYet: string[] = [];

const allRoutes = parseSpecRoutes();
/** The lists and summaries of the side menu: the menu walk (e2e/resources.spec.ts) opens each and checks its heading. */
const menuWalked = new Set(resourceEntries.map((entry) => entry.path));
const ownRoutes = allRoutes.filter((route) => !menuWalked.has(route));
/** The walk in parts of 20 routes, each its own test: a slow machine (or the first, cold part) slows one part, not all. */
const parts: string[][] = [];
for (let i = 0; i < ownRoutes.length; i += 20) parts.push(ownRoutes.slice(i, i + 20));

test('the walk takes every listed route the menu walk does not open', () => {
  expect(allRoutes.length).toBeGreaterThan(130);
  // Most listed routes are menu lists; forms, record pages and the screens outside the resource engine are walked here.
  expect(allRoutes.filter((route) => menuWalked.has(route)).length).toBeGreaterThan(50);
  expect(parts.flat()).toEqual(ownRoutes);
  expect(ownRoutes).toEqual(expect.arrayContaining(['/', '/ticket-management/tickets/{id}', '/charger-management/create', '/charger-management/transfer-device']));
});

// Every listed route opens a working screen. One sign-in, then each route by client-side navigation (the
// console's own router), so the 138 screens take seconds rather than a page load each.
for (const routes of parts) {
  const [first] = routes;
  test(`every listed route from ${first} (${routes.length}) opens a working screen for the Super Admin`, async ({ page, request }) => {
  test.setTimeout(120_000);
  const withIds = routes.some((r) => r.includes('{id}')) ? await idsFor(request) : () => { throw new Error('no {id} route in this part'); };
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  await signIn(page, staff.superAdmin);

  // The walk runs in the page, one route after another with the console's own router: navigate, then on every frame
  // look for the new screen's level-1 headings (the last route's are marked first, so they never pass for the new
  // screen's). One call for all routes: a round trip from the test per route cost more than the screens themselves.
  const paths = routes.map((route) => (route.includes('{id}') ? withIds(route) : route));
  const seen = await page.evaluate(async (all) => {
    const open = (to: string) =>
      new Promise<{ path: string; title: string | null; ms: number }>((resolve) => {
        const began = performance.now();
        const done = (title: string | null) => resolve({ path: to, title, ms: Math.round(performance.now() - began) });
        if (window.location.pathname !== to) for (const h of document.querySelectorAll('h1')) h.dataset.previousRoute = '';
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
        const giveUp = window.setTimeout(() => done(null), 10_000);
        const check = () => {
          const shown = [...document.querySelectorAll<HTMLElement>('h1:not([data-previous-route])')].filter((h) => h.getClientRects().length > 0);
          if (shown.length === 0) return void window.requestAnimationFrame(check);
          window.clearTimeout(giveUp);
          done(shown.map((h) => h.innerText.trim()).join(' | '));
        };
        check();
      });
    const results = [];
    for (const to of all) results.push(await open(to));
    return results;
  }, paths);
  if (process.env.ROUTES_DEBUG) for (const s of seen) console.log(s.ms, s.path, s.title);
  expect(seen.map((s) => s.path)).toEqual(paths);
  // A signed-in /login goes home; every other route shows its own screen.
  const broken = seen.filter(({ title }) => title === null || title === '' || /not found/i.test(title) || title.includes(GENERIC_ERROR_MESSAGE)).map((s) => `${s.path} → ${JSON.stringify(s.title)}`);
  const missing = notBuiltYet.filter((path) => routes.includes(path));
  expect(broken, 'routes without a working screen').toEqual(missing.map((path) => `${path} → "Page not found"`));
  expect(pageErrors).toEqual([]);
  });
}
