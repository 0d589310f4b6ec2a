/** @vitest-environment jsdom */
// The charger page's Diagnostics card: opened at the palette's anchor (Request diagnostics…), its dialog opens for
// staff who may ask (nothing sent before they confirm), and neither the button nor the dialog for anyone else.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diagnosticsAnchor, diagnosticsPaths } from '@domain/diagnostics';
import { DiagnosticsPanel } from '@workflows/diagnostics/diagnostics-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

function fakeApi() {
  const posted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') posted.push(url);
      const body = url === diagnosticsPaths.ofCharger(7) ? { items: [] } : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return posted;
}

const panel = <DiagnosticsPanel chargerId={7} chargerType="OCPP_16_JSON_CHARGER" uniqueId="CZ000007" />;

describe("the charger page's Diagnostics card", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.location.hash = '';
  });

  it("opens Request diagnostics…'s dialog at the palette's anchor, sending nothing until it is confirmed", async () => {
    const posted = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_REQUEST_DIAGNOSTICS']));
    window.location.hash = `#${diagnosticsAnchor}`;
    render(panel, { wrapper: Wrapper });
    const dialog = await screen.findByRole('alertdialog', { name: 'Request diagnostics: CZ000007' });
    expect(posted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Diagnostics' })).toHaveTextContent('No diagnostics requested yet.');
  });

  it('opens the dialog when the palette moves the page already on screen to the anchor', async () => {
    fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_REQUEST_DIAGNOSTICS']));
    render(panel, { wrapper: Wrapper });
    await screen.findByText('No diagnostics requested yet.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    window.location.hash = `#${diagnosticsAnchor}`;
    expect(await screen.findByRole('alertdialog', { name: 'Request diagnostics: CZ000007' })).toBeInTheDocument();
  });

  it('offers neither the button nor the dialog without the permission', async () => {
    fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_SEARCH_CHARGER', 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS']));
    window.location.hash = `#${diagnosticsAnchor}`;
    render(panel, { wrapper: Wrapper });
    await screen.findByText('No diagnostics requested yet.');
    expect(screen.queryByRole('button', { name: 'Request diagnostics…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
