/** @vitest-environment jsdom */
// A record's header groups its actions: the main ones as buttons, the rest behind More (keyboard operable), and what
// cannot be undone last in the menu, apart, never a button on the header.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceExtensions } from '@app/resource-extensions';
import { chargerResource } from '@domain/resources/chargers/charger';
import { DetailPage } from '@resources/detail-page';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('record header actions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows at most the main few buttons, the rest in More, red ones last and apart, opened from the keyboard', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.replace(/^https?:\/\/[^/]+/, '');
        if (/\/charger\/1$/.test(path) || /\/1$/.test(path)) return json({ id: 1, uniqueId: 'CZ000001', isActive: true, version: 1 });
        return json({ items: [], count: 0, countExact: true, page: 0, size: 10 });
      }),
    );
    const every = ['ROLE_SEARCH_CHARGER', 'ROLE_UPDATE_CHARGER', 'ROLE_ACTIVATE_INACTIVATE_CHARGER', ...chargerResource.actions.map((a) => a.permission).filter((p): p is NonNullable<typeof p> => Boolean(p))];
    const { Wrapper } = renderWith(fakeSession(every), '/charger-management/all-chargers/1');
    render(<DetailPage resource={chargerResource} id="1" extensions={resourceExtensions} />, { wrapper: Wrapper });
    await screen.findByRole('heading', { level: 1, name: 'CZ000001' });
    const header = document.querySelector('.record-header .resource-page__actions') as HTMLElement;
    const buttons = within(header).getAllByRole('button');
    const names = buttons.map((b) => b.textContent);
    expect(names.at(-1)).toBe('More');
    expect(names.length).toBeLessThanOrEqual(5);
    expect(names).not.toContain('Inactivate');
    expect(names).not.toContain('Replace hardware');
    expect(buttons.filter((b) => b.className.includes('danger'))).toHaveLength(0);

    // The keyboard opens More; the red ones come after the rest, in their own section.
    const more = within(header).getByRole('button', { name: 'More' });
    while (document.activeElement !== more) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem').map((i) => i.textContent);
    expect(items.slice(-2).sort()).toEqual(['Inactivate', 'Replace hardware']);
    expect(items.indexOf('Inactivate')).toBeGreaterThan(0);
    expect(within(menu).getByRole('separator')).toBeInTheDocument();
    // Choosing one opens its dialog.
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Inactivate' }));
    expect(await screen.findByRole('alertdialog', { name: 'Inactivate charger?' })).toBeInTheDocument();
  });
});
