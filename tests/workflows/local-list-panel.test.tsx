/** @vitest-environment jsdom */
// The charger page's Local authorization list card at the palette's anchors (Send full local list…, Read local list
// version…): the action's button takes the focus once the list is on screen, on arriving and on the page already on
// screen; nothing is sent.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localListAnchors, localListPaths, type LocalListView } from '@domain/local-list';
import { LocalListPanel } from '@workflows/charger-live/local-list-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const view: LocalListView = {
  chargerId: 7,
  holdsList: true,
  heldVersion: 3,
  wantedVersion: 3,
  state: 'inSync',
  answer: null,
  cards: 12,
  enabled: true,
  sendMaxLength: null,
  maxLength: null,
  lastSentAt: null,
};

function fakeApi() {
  const posted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') posted.push(url);
      const body = url === localListPaths.ofCharger(7) ? view : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return posted;
}

const panel = <LocalListPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />;

describe("the charger page's Local authorization list card", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.location.hash = '';
  });

  it("focuses Send full list… when the page is opened at its anchor, once the list is on screen", async () => {
    const posted = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_MANAGE_LOCAL_LIST']));
    window.location.hash = `#${localListAnchors.sendFull}`;
    render(panel, { wrapper: Wrapper });
    await screen.findByText('12 cards');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Send full list…' })).toHaveFocus());
    expect(posted).toEqual([]);
  });

  it('focuses the action the palette names when it moves the page already on screen to its anchor', async () => {
    const posted = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_MANAGE_LOCAL_LIST']));
    render(panel, { wrapper: Wrapper });
    await screen.findByText('12 cards');
    expect(document.body).toHaveFocus();
    window.location.hash = `#${localListAnchors.readVersion}`;
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Read list version' })).toHaveFocus());
    window.location.hash = `#${localListAnchors.sendFull}`;
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Send full list…' })).toHaveFocus());
    // Focused, not pressed: no confirmation asked, nothing sent.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted).toEqual([]);
  });
});
