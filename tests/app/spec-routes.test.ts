// The console's route list that e2e/spec-routes.spec.ts walks: its reading of the list's shorthand into paths.
import { describe, expect, it } from 'vitest';
import { parseSpecRoutes } from '@tests/support/spec-routes';

describe('the console route list', () => {
  const routes = parseSpecRoutes();

  it('reads every shorthand of the route list into paths', () => {
    expect(routes.length).toBe(138);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.slice(0, 2)).toEqual(['/', '/login']);
    // "x (and /a)": x and x/a.
    expect(routes).toEqual(expect.arrayContaining(['/charger-management/all-location', '/charger-management/all-location/add-location']));
    // "x (with /a, /h containing /b and /c)": x, x/a, x/h/b and x/h/c, not x/h.
    expect(routes.filter((r) => r.startsWith('/charger-management/servicing-required'))).toEqual([
      '/charger-management/servicing-required',
      '/charger-management/servicing-required/open',
      '/charger-management/servicing-required/map-view',
      '/charger-management/servicing-required/hardware-management/all-tickets',
      '/charger-management/servicing-required/hardware-management/open-tickets',
    ]);
    // "x (a, b)": x groups a and b and is no screen itself.
    expect(routes.filter((r) => r.startsWith('/ticket-management/customer-support-tickets'))).toEqual([
      '/ticket-management/customer-support-tickets/all-tickets',
      '/ticket-management/customer-support-tickets/open-tickets',
      '/ticket-management/customer-support-tickets/add',
    ]);
    // "a, b (each with /add)": both get /add; items after it do not.
    expect(routes).toEqual(expect.arrayContaining(['/global-data-management/socket-types/add', '/global-data-management/warehouse-management/add']));
    expect(routes).not.toContain('/global-data-management/error-code-managment/add');
    expect(routes).toEqual(
      expect.arrayContaining([
        '/global-data-management/notification-templates/notification-template-details',
        '/app-management/ads-management',
        '/app-management/ads-management/add',
        '/ticket-management/tickets/{id}/installation/add',
        '/order-management/my-orders/{id}',
      ]),
    );
  });

  it('refuses a line it cannot read instead of dropping it', () => {
    expect(() => parseSpecRoutes('- /no-backticks: a, b.')).toThrow(/Unreadable route line/);
  });
});
