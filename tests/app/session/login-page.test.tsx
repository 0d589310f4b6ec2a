/** @vitest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setRequestAuthKey } from '@data/api-client';
import { createQueryClient } from '@data/query-client';
import { sessionPaths, type CurrentUser } from '@domain/session';
import { useSession } from '@app/session/session-context';
import { SessionProvider } from '@app/session/session-provider';
import { getStoredAuthKey, setStoredAuthKey } from '@state/auth-key';
import { toastStore, resetToasts } from '@state/toasts';
import { emptyGlobalConfig, testUser } from '@tests/support/session-fixtures';

const KEY = 'key-from-server';
const user: CurrentUser = testUser({ authKey: KEY });
const globalConfig = emptyGlobalConfig;

interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/** A stand-in for the API server at the fetch boundary, with the contract of domain/session.ts. */
function fakeServer(options: { rateLimitSend?: boolean; validKeys?: string[]; down?: { value: boolean } } = {}) {
  const calls: Call[] = [];
  const validKeys = new Set(options.validKeys ?? []);
  let attemptsLeft = 5;
  const json = (status: number, body: unknown, type = 'application/json') =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
  const problem = (status: number, title: string, detail: string, extra: object = {}) =>
    json(status, { status, title, detail, ...extra }, 'application/problem+json');

  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://localhost').pathname;
    const headers = (init.headers ?? {}) as Record<string, string>;
    const authorization = headers.Authorization ?? null;
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init.method ?? 'GET', path, body, authorization });
    const bearer = authorization?.replace(/^Bearer /, '') ?? '';
    if (options.down?.value) throw new TypeError('Failed to fetch');

    switch (path) {
      case sessionPaths.sendOtp:
        if (options.rateLimitSend) return problem(429, 'Too Many Requests', 'Too many codes requested for this number. Try again in 10 minutes.');
        return json(202, { message: 'Code sent', resendAfterSeconds: 30, expiresInSeconds: 300 });
      case sessionPaths.verifyOtp: {
        const { otp } = body as { otp: string };
        if (otp !== '123456') {
          attemptsLeft -= 1;
          return problem(401, 'Unauthorized', `Incorrect code. ${attemptsLeft} attempts left.`);
        }
        validKeys.add(KEY);
        return json(200, user);
      }
      case sessionPaths.validate:
        return validKeys.has(bearer) ? json(200, { ...user, authKey: bearer }) : problem(401, 'Unauthorized', 'Your session has ended.');
      case sessionPaths.signOut:
        validKeys.delete(bearer);
        return new Response(null, { status: 204 });
      case sessionPaths.globalData:
        return validKeys.has(bearer) ? json(200, globalConfig) : problem(401, 'Unauthorized', 'Sign in first.');
      default:
        return problem(404, 'Not Found', `No route ${path}`);
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

function Protected() {
  const { user: current, globalConfig: config, signOut } = useSession();
  const [location] = useLocation();
  return (
    <main>
      <h1>Protected content</h1>
      <p>Signed in as {current.name}</p>
      <p>At {location}</p>
      <p>{config ? 'Global data loaded' : 'Global data pending'}</p>
      <button type="button" onClick={signOut}>
        Sign Out
      </button>
    </main>
  );
}

function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const seenProtected: string[] = [];
  function Spy() {
    const [where] = useLocation();
    seenProtected.push(where);
    return <Protected />;
  }
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <SessionProvider>
          <Spy />
        </SessionProvider>
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, location, seenProtected };
}

beforeEach(() => {
  window.localStorage.clear();
  resetToasts();
  setRequestAuthKey(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SessionProvider with the sign-in page', () => {
  it('signs in with a texted code, shows the server’s message for a wrong code, and signs out', async () => {
    const server = fakeServer();
    const ui = userEvent.setup();
    const { location, seenProtected } = renderApp('/ticket-management/open');

    // Signed out at a protected path: straight to the sign-in page, remembering where we were.
    expect(await screen.findByText('Staff sign-in')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/login?next=%2Fticket-management%2Fopen');
    expect(seenProtected).toEqual([]);

    const number = screen.getByLabelText('Mobile number');
    await waitFor(() => expect(number).toHaveFocus());
    // The digit filter drops the letters.
    await ui.type(number, '98765abc43210');
    expect(number).toHaveValue('9876543210');
    await ui.keyboard('{Enter}');

    expect(await screen.findByText(/Code sent to/)).toHaveTextContent('Code sent to +91 98765 43210');
    expect(server.callsTo(sessionPaths.sendOtp)).toEqual([
      { method: 'POST', path: sessionPaths.sendOtp, body: { mobileNumber: '9876543210' }, authorization: null },
    ]);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    expect(screen.getByText('Resend in 30 s')).toBeInTheDocument();
    // The countdown runs (one real second).
    expect(await screen.findByText('Resend in 29 s', undefined, { timeout: 2_500 })).toBeInTheDocument();

    const code = screen.getByLabelText('One-time code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());
    await ui.type(code, '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code. 4 attempts left.');
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await ui.clear(code);
    await ui.type(code, '123456{Enter}');
    expect(await screen.findByText('Protected content')).toBeInTheDocument();
    expect(screen.getByText('Signed in as Asha Rao')).toBeInTheDocument();
    // Back where the user wanted to go.
    expect(screen.getByText('At /ticket-management/open')).toBeInTheDocument();
    expect(await screen.findByText('Global data loaded')).toBeInTheDocument();
    expect(server.callsTo(sessionPaths.globalData)).toHaveLength(1);
    expect(server.callsTo(sessionPaths.globalData)[0]?.authorization).toBe(`Bearer ${KEY}`);
    await waitFor(async () => expect(await getStoredAuthKey()).toBe(KEY));

    await ui.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Staff sign-in')).toBeInTheDocument();
    expect(server.callsTo(sessionPaths.signOut)).toEqual([
      { method: 'POST', path: sessionPaths.signOut, body: undefined, authorization: `Bearer ${KEY}` },
    ]);
    expect(location.history.at(-1)).toBe('/login');
    expect(await getStoredAuthKey()).toBeNull();
    await waitFor(() => expect(toastStore.toasts.map((t) => [t.message, t.type])).toEqual([['Logout Sucessfull', 'success']]));
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
  });

  it('shows the zod message for a bad number without calling the server', async () => {
    const server = fakeServer();
    const ui = userEvent.setup();
    renderApp('/login');
    const number = await screen.findByLabelText('Mobile number');
    await ui.type(number, '12345{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid 10-digit Indian mobile number');
    expect(server.calls).toEqual([]);
  });

  it('says clearly when the server rate limits the number', async () => {
    fakeServer({ rateLimitSend: true });
    const ui = userEvent.setup();
    renderApp('/login');
    await ui.type(await screen.findByLabelText('Mobile number'), '9876543210{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests.');
    expect(alert).toHaveTextContent('Too many codes requested for this number. Try again in 10 minutes.');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('lets the user change the number from the code step', async () => {
    fakeServer();
    const ui = userEvent.setup();
    renderApp('/login');
    await ui.type(await screen.findByLabelText('Mobile number'), '9876543210{Enter}');
    await ui.click(await screen.findByRole('button', { name: 'Change number' }));
    expect(await screen.findByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('signs in with a valid stored key, checks it again on window focus, and honours ?next=', async () => {
    const server = fakeServer({ validKeys: ['stored-key'] });
    await setStoredAuthKey('stored-key');
    const { location } = renderApp('/login?next=%2Fcharger-management%2Fall-chargers');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(await screen.findByText('Protected content')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/charger-management/all-chargers');
    expect(server.callsTo(sessionPaths.validate)).toHaveLength(1);
    expect(server.callsTo(sessionPaths.validate)[0]?.authorization).toBe('Bearer stored-key');

    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(server.callsTo(sessionPaths.validate)).toHaveLength(2));
  });

  it('goes home instead of to a ?next= that leaves the site', async () => {
    fakeServer({ validKeys: ['stored-key'] });
    await setStoredAuthKey('stored-key');
    const { location } = renderApp('/login?next=%2F%2Fevil.example.com%2Fphish');
    expect(await screen.findByText('Protected content')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/');
  });

  it('clears a refused stored key and sends the user to sign in', async () => {
    const server = fakeServer();
    await setStoredAuthKey('expired-key');
    const { location, seenProtected } = renderApp('/user-management');
    expect(await screen.findByText('Staff sign-in')).toBeInTheDocument();
    expect(server.callsTo(sessionPaths.validate)).toHaveLength(1);
    expect(location.history.at(-1)).toBe('/login?next=%2Fuser-management');
    expect(await getStoredAuthKey()).toBeNull();
    expect(seenProtected).toEqual([]);
  });

  it('signs out when the key is refused on a later focus', async () => {
    const server = fakeServer({ validKeys: ['stored-key'] });
    await setStoredAuthKey('stored-key');
    const { location } = renderApp('/booking-management/all-bookings');
    expect(await screen.findByText('Protected content')).toBeInTheDocument();
    // Revoked elsewhere (another tab signed out, or an admin).
    await act(async () => {
      await fetch(sessionPaths.signOut, { method: 'POST', headers: { Authorization: 'Bearer stored-key' } });
    });
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('Staff sign-in')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/login?next=%2Fbooking-management%2Fall-bookings');
    expect(await getStoredAuthKey()).toBeNull();
    expect(server.callsTo(sessionPaths.validate)).toHaveLength(2);
  });

  it('keeps the stored key when the server cannot be reached on load, and retries', async () => {
    const down = { value: true };
    const server = fakeServer({ validKeys: ['stored-key'], down });
    await setStoredAuthKey('stored-key');
    renderApp('/zone-management/risk-zone');
    expect(await screen.findByRole('heading', { name: "Can't reach the server" })).toBeInTheDocument();
    expect(await getStoredAuthKey()).toBe('stored-key');
    expect(screen.queryByText('Staff sign-in')).toBeNull();

    down.value = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Protected content')).toBeInTheDocument();
    expect(server.callsTo(sessionPaths.validate)).toHaveLength(2);
  });
});
