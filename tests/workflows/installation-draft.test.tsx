/** @vitest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallationDraftForm } from '@workflows/installation/installation-draft-page';
import { draftFromTicket, fillFormEvent, resetDraft } from '@workflows/installation/installation-draft';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const ticket = {
  id: 41,
  title: 'Install charger at Sagar Ratna',
  status: 'FORM_FILLED',
  version: 3,
  phoneNumber: '9845044444',
  uniqueId: 'CZ009999',
  qrCodeValue: 'https://qr.czo.example/c/CZ009999',
  chargePointOperatorId: null,
  purposeOfAssigning: 'DELIVERY',
};

describe('the installation draft', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resets every field but keeps the unique id', () => {
    const reset = resetDraft(draftFromTicket(ticket));
    expect(fillFormEvent(reset)).toEqual({ type: 'FILL_FORM', uniqueId: 'CZ009999' });
  });

  it('Reset on the screen clears the form but keeps the unique id, and Save sends FILL_FORM with the version', async () => {
    // The operator picker lists operators (GET); the only POST is the transition.
    const fetchSpy = vi.fn(async (_url: string, init?: RequestInit) => {
      const body = init?.method === 'POST' ? { ...ticket, version: 4 } : { items: [], count: 0, countExact: true, page: 0, size: 20 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const posts = () => fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST');
    vi.stubGlobal('fetch', fetchSpy);
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_CHARGER_INSTALLATION_TICKETS', 'ROLE_FILL_CHARGER_INSTALLATION_FORM']), '/ticket-management/tickets/41/installation/add');
    render(<InstallationDraftForm ticket={ticket} />, { wrapper: Wrapper });
    const phone = screen.getByRole('textbox', { name: /Host phone number/ });
    const uniqueId = screen.getByRole('textbox', { name: /Charger unique id/ });
    const qr = screen.getByRole('textbox', { name: /QR code value/ });
    expect(phone).toHaveValue('9845044444');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(phone).toHaveValue('');
    expect(qr).toHaveValue('');
    expect(uniqueId).toHaveValue('CZ009999');

    // Nothing is sent while required fields are empty.
    await userEvent.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText('Some fields need attention.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await userEvent.type(phone, '+91 98450 55555');
    await userEvent.click(screen.getByRole('button', { name: /Purpose/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Installation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save form' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0] as unknown as [string, RequestInit];
    expect(url).toContain('/ticket-service/charger-installation/41/transition');
    expect(JSON.parse(String(init.body))).toEqual({ type: 'FILL_FORM', phoneNumber: '9845055555', uniqueId: 'CZ009999', purposeOfAssigning: 'INSTALLATION', version: 3 });
  });

  it('says so when the ticket is past filling', () => {
    const { Wrapper } = renderWith(fakeSession(['ROLE_FILL_CHARGER_INSTALLATION_FORM']), '/ticket-management/tickets/41/installation/add');
    render(<InstallationDraftForm ticket={{ ...ticket, status: 'INSTALLED' }} />, { wrapper: Wrapper });
    expect(screen.getByRole('alert')).toHaveTextContent('cannot be filled any more');
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
  });
});
