/** @vitest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateChargerPage } from '@workflows/create-charger/create-charger-page';
import { fakeSession, renderWith } from '@tests/app/fake-session';
import { emptyGlobalConfig } from '@tests/support/session-fixtures';

const CPO = '3f0c2a4e-1b2c-4d5e-8f90-0123456789ab';
const globalConfig = {
  ...emptyGlobalConfig,
  chargePointOperators: [{ id: CPO, name: 'Charge Zone' }],
  chargePointOperatorId: CPO,
  socketTypeList: {
    '16AMP_WALL_SOCKET': { displayText: '16 Amp Socket', imageRelativePath: null, isActive: true },
    TYPE_2: { displayText: 'Type 2', imageRelativePath: null, isActive: true },
  },
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

const renderPage = (permissions = ['ROLE_CREATE_CHARGER', 'ROLE_SEARCH_CHARGER']) => {
  const { Wrapper } = renderWith(fakeSession(permissions, { globalConfig }), '/charger-management/create');
  return render(<CreateChargerPage />, { wrapper: Wrapper });
};
const buttonNames = () => within(document.querySelector('.create-charger__actions')!).queryAllByRole('button').map((b) => b.textContent);
const stepHeading = () => screen.getByRole('heading', { level: 2 });

describe('the create-charger screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('needs ROLE_CREATE_CHARGER', () => {
    renderPage(['ROLE_SEARCH_CHARGER']);
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have the permission this page needs.');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('walks type → identifiers → sockets → review → created, then "Create another" starts from a fresh draft', async () => {
    const fetchSpy = vi.fn(async () => answer(201, { uniqueIdentifier: 'CZ005001', lastChargerId: 5001, charger: { id: 5001 } }));
    vi.stubGlobal('fetch', fetchSpy);
    renderPage();
    expect(stepHeading()).toHaveTextContent('Choose the charger type');
    expect(buttonNames()).toEqual(['Next']);
    // NEXT without a type says what is missing next to the choice, and stays.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('Choose a charger type').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('radio', { name: /EV Point Charger/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(stepHeading()).toHaveTextContent('Identifiers and connection');
    expect(buttonNames()).toEqual(['Back', 'Next']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: /Device id/ })).toHaveAccessibleDescription(/Enter the device id/);
    await userEvent.type(screen.getByRole('textbox', { name: /Device id/ }), 'EVP0000042');
    await userEvent.type(screen.getByRole('textbox', { name: /BLE MAC address/ }), 'C8:2B:96:00:00:42');
    // Enter moves on.
    await userEvent.keyboard('{Enter}');

    expect(stepHeading()).toHaveTextContent('Sockets');
    expect(screen.getAllByRole('textbox', { name: /Power/ }).map((i) => (i as HTMLInputElement).value)).toEqual(['3.3', '3.3', '3.3']);
    await userEvent.click(screen.getByRole('button', { name: 'Add socket' }));
    expect(screen.getAllByRole('textbox', { name: /Power/ }).map((i) => (i as HTMLInputElement).value)).toEqual(['3.3', '3.3', '3.3', '1']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove socket 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(stepHeading()).toHaveTextContent('Review');
    expect(buttonNames()).toEqual(['Back', 'Create charger']);
    const summary = document.querySelector('[aria-label="Summary"]');
    expect(summary).toHaveTextContent('EV Point Charger');
    expect(summary).toHaveTextContent('EVP0000042');
    expect(summary).toHaveTextContent('Charge Zone');
    expect(summary).toHaveTextContent('RABBIT_MQ_PROPS_DEDICATED (mqtt-v1)');
    await userEvent.click(screen.getByRole('button', { name: 'Create charger' }));

    await waitFor(() => expect(stepHeading()).toHaveTextContent('Charger created'));
    expect(screen.getByTestId('unique-identifier')).toHaveTextContent('CZ005001');
    expect(screen.getByTestId('last-charger-id')).toHaveTextContent('5001');
    expect(screen.getByRole('link', { name: 'Open charger CZ005001' })).toHaveAttribute('href', '/charger-management/all-chargers/5001');
    expect(buttonNames()).toEqual(['Create another']);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/charger-service/admin/charger');
    expect(JSON.parse(String(init.body))).toEqual({
      chargerType: 'EV_POINT_CHARGER',
      deviceId: 'EVP0000042',
      bleMacAddress: 'C8:2B:96:00:00:42',
      chargePointOperatorId: CPO,
      mqttBrokerKey: 'RABBIT_MQ_PROPS_DEDICATED',
      keyValuePairs: [],
      sockets: [
        { code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 3.3 },
        { code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 3.3 },
        { code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 1 },
      ],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Create another' }));
    expect(stepHeading()).toHaveTextContent('Choose the charger type');
    expect(screen.getByRole('radio', { name: /EV Point Charger/ })).not.toBeChecked();
  });

  it('reviews each socket by its text and its type’s display text from the socket types, never by the type’s code', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('radio', { name: /EV Point Charger/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Device id/ }), 'EVP0000043');
    await userEvent.type(screen.getByRole('textbox', { name: /BLE MAC address/ }), 'C8:2B:96:00:00:43');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Socket 2 keeps its type (16 Amp Socket) under a text of its own.
    const second = within(screen.getByRole('group', { name: 'Socket 2' })).getByRole('textbox', { name: /Display text/ });
    await userEvent.clear(second);
    await userEvent.type(second, 'Left wall socket');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(stepHeading()).toHaveTextContent('Review');
    const summary = document.querySelector('[aria-label="Summary"]')!;
    expect(summary).toHaveTextContent('1. 16 Amp Socket, 3.3 kW; 2. Left wall socket (16 Amp Socket), 3.3 kW; 3. 16 Amp Socket, 3.3 kW');
    expect(summary.textContent).not.toContain('16AMP_WALL_SOCKET');
  });

  it('shows the server’s reason on failure, keeps the draft and puts the field message back on the field', async () => {
    const message = 'A charger with device id KG00000001 already exists (CZ000001).';
    vi.stubGlobal('fetch', vi.fn(async () => answer(409, { status: 409, title: 'Conflict', detail: message, errors: [{ path: 'deviceId', message }] })));
    renderPage();
    await userEvent.click(screen.getByRole('radio', { name: /Kirana Lite GSM/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Device id/ }), 'KG00000001');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('No sockets yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create charger' }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Charger not created'));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(buttonNames()).toEqual(['Back to edit', 'Retry']);
    await userEvent.click(screen.getByRole('button', { name: 'Back to edit' }));
    expect(screen.getByRole('textbox', { name: /Device id/ })).toHaveValue('KG00000001');
    expect(screen.getByRole('textbox', { name: /Device id/ })).toHaveAccessibleDescription(message);
  });
});
