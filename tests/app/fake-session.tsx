import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SessionContext, type SessionApi } from '@app/session/session-context';
import type { CurrentUser } from '@domain/session';

/** A signed-in user with the given permissions. */
export function fakeUser(permissions: string[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    authKey: 'test-key',
    userId: 'u-1',
    mobileNumber: '9876543210',
    name: 'Asha Verma',
    email: 'asha@example.com',
    image: null,
    referralCode: null,
    wallet: null,
    isActive: true,
    permissions,
    ...overrides,
  };
}

/** A fake session value (no network): the user, no global data yet, a spy for signOut. */
export function fakeSession(permissions: string[], overrides: Partial<SessionApi> = {}): SessionApi {
  return { user: fakeUser(permissions), globalConfig: undefined, signOut: vi.fn(), ...overrides };
}

/** Wraps UI in a memory router at `path`, a query client and the given session. */
export function renderWith(session: SessionApi, path = '/') {
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
        </Router>
      </QueryClientProvider>
    );
  }
  return { Wrapper, location };
}
