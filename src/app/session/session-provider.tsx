import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { LIVE_SESSION_TOPIC } from '@domain/live-event';
import { subscribeLiveChanges } from '@data/live-events';
import { LoadingIndicator } from '@ui/loading-indicator';
import { SessionContext, type SessionApi } from './session-context';
import { createSessionLogic, loginHref, nextPathFrom, type SessionLogic } from './session-logic';
import './login-page.css';

// The sign-in form (react-aria fields) loads only when someone has to sign in.
const LoginPage = lazy(() => import('./login-page').then((m) => ({ default: m.LoginPage })));

type Phase = 'checking' | 'unreachable' | 'signedOut' | 'signedIn' | 'signingOut';

function phaseOf(snapshot: SnapshotFrom<SessionLogic>): Phase {
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signedOut')) return 'signedOut';
  if (snapshot.matches('signingOut')) return 'signingOut';
  if (snapshot.matches('unreachable')) return 'unreachable';
  return 'checking';
}

function FullPage({ label }: { label: string }) {
  return (
    <div className="session-full-page">
      <LoadingIndicator size="lg" label={label} showLabel />
    </div>
  );
}

/** The server could not be reached to check the stored key: the key is kept; retry now or on focus. */
function Unreachable({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <div className="session-full-page">
      <div className="session-unreachable" role="alert">
        <h1>Can't reach the server</h1>
        <p>{message ?? 'Something went wrong.'} Your session is kept; we check again when you retry or come back to this window.</p>
        {/* A plain button: this screen needs no code from the server, which it cannot reach. */}
        <button type="button" className="ui-button ui-button--primary ui-button--md" onClick={onRetry} autoFocus>
          Retry
        </button>
      </div>
    </div>
  );
}

/** Moves to `to` after render (replacing the entry) and renders nothing meanwhile: no flash of the old page. */
function Redirect({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

/**
 * Runs the session machine for the app: while the stored key is checked a full-page loading indicator,
 * signed out the sign-in page (every other path goes to /login?next=…), signed in the children with the
 * SessionContext. Window focus, and the live stream's `session` event, ask the server about the key again.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const here = useRef({ location, search, navigate });
  useLayoutEffect(() => {
    here.current = { location, search, navigate };
  });

  const [logic] = useState(() =>
    createSessionLogic({
      queryClient,
      navigate: (to, options) => here.current.navigate(to, options),
      currentLocation: () => here.current.location + (here.current.search ? `?${here.current.search}` : ''),
    }),
  );
  const actor = useActorRef(logic);
  const phase = useSelector(actor, phaseOf);
  const user = useSelector(actor, (s) => s.context.user);
  const globalConfig = useSelector(actor, (s) => s.context.globalConfig);
  const error = useSelector(actor, (s) => s.context.error);

  useEffect(() => {
    const onFocus = () => actor.send({ type: 'WINDOW_FOCUSED' });
    window.addEventListener('focus', onFocus);
    // The live stream says this user's permissions changed (a role edited, a mapping added or removed): read the
    // session again now, as on focus, so the menu and screens follow without signing in again.
    const stopLive = subscribeLiveChanges((change) => {
      if (change.topic === LIVE_SESSION_TOPIC) actor.send({ type: 'WINDOW_FOCUSED' });
    });
    return () => {
      window.removeEventListener('focus', onFocus);
      stopLive();
    };
  }, [actor]);

  const session = useMemo<SessionApi | null>(
    () => (user ? { user, globalConfig: globalConfig ?? undefined, signOut: () => actor.send({ type: 'SIGN_OUT' }) } : null),
    [actor, user, globalConfig],
  );

  const atLogin = location === '/login';
  if (phase === 'checking') return <FullPage label="Checking your session…" />;
  if (phase === 'signingOut') return <FullPage label="Signing out…" />;
  if (phase === 'unreachable') return <Unreachable message={error} onRetry={() => actor.send({ type: 'RETRY' })} />;
  if (phase === 'signedOut') {
    if (!atLogin) return <Redirect to={loginHref(location + (search ? `?${search}` : ''))} />;
    return (
      <Suspense fallback={<FullPage label="Loading the sign-in page…" />}>
        <LoginPage actor={actor} />
      </Suspense>
    );
  }
  if (atLogin) return <Redirect to={nextPathFrom(search)} />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
