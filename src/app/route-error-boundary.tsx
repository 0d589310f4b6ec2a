import { Component, type ErrorInfo, type ReactNode } from 'react';
import { GENERIC_ERROR_MESSAGE } from '@domain/problem';

interface Props {
  children: ReactNode;
}
interface State {
  failed: boolean;
}

/**
 * Catches a page that fails to render or whose code fails to load (e.g. a stale chunk after a deploy),
 * so the menu stays usable. Keyed by location, it resets on the next navigation.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page page--message" role="alert">
        <h1>{GENERIC_ERROR_MESSAGE}</h1>
        <p>This page could not be shown. Try again, or reload the console.</p>
        <button type="button" className="text-button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    );
  }
}
