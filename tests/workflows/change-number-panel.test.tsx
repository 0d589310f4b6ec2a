/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeNumberPanel } from '@workflows/change-number/change-number-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const user = { id: '5f0c7a2e-0000-4000-8000-000000000007', name: 'Kabir Mehta', mobileNumber: '9000000007' };

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

function fakeApi(confirm: () => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/mobile-number')) return answer(202, { message: 'A code was sent to ******2233. Enter it to confirm the new number.', expiresInSeconds: 300, resendAfterSeconds: 30 });
      return confirm();
    }),
  );
  return calls;
}

describe('the change sign-in number panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not offered without ROLE_CHANGE_USER_MOBILE_NUMBER', () => {
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_USERS']));
    render(<ChangeNumberPanel record={user} />, { wrapper: Wrapper });
    expect(screen.queryByRole('button', { name: /Change sign-in number/ })).not.toBeInTheDocument();
  });

  it('checks the number, sends a code to it, shows the server’s refusal of a wrong code by the field, then confirms', async () => {
    const confirmAnswers = [
      () => answer(400, { type: '/problems/otp-incorrect', status: 400, title: 'Bad Request', detail: 'Incorrect code. 4 attempts left.', errors: [{ path: 'otp', message: 'Incorrect code. 4 attempts left.' }] }),
      () => answer(200, { user: { ...user, mobileNumber: '9811122233' }, sessionsRevoked: 2 }),
    ];
    const calls = fakeApi(() => confirmAnswers.shift()!());
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_USERS', 'ROLE_CHANGE_USER_MOBILE_NUMBER']));
    render(<ChangeNumberPanel record={user} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Change sign-in number…' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New mobile number' }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'New mobile number' })).toHaveAccessibleDescription(/.+/);

    await userEvent.clear(screen.getByRole('textbox', { name: 'New mobile number' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New mobile number' }), '+91 98111 22233');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/A code was sent to \*{6}2233\. .*signs this user out on every device/)).toBeInTheDocument();
    expect(calls[0]).toEqual({ url: `/user-service/user/${user.id}/mobile-number`, body: { mobileNumber: '9811122233' } });

    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Change number and sign out' }));
    expect(await screen.findByText('Incorrect code. 4 attempts left.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Change number and sign out' }));
    expect(await screen.findByRole('button', { name: 'Change sign-in number…' })).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ url: `/user-service/user/${user.id}/mobile-number/confirm`, body: { mobileNumber: '9811122233', otp: '123456' } });
  });
});
