import './ui.css';

/** Props of LoadingIndicator. */
export interface LoadingIndicatorProps {
  /** Text announced to screen readers; default "Loading…". */
  label?: string;
  /** Spinner size; default 'md'. */
  size?: 'sm' | 'md' | 'lg';
  /** Show the label next to the spinner instead of only to screen readers; default false. */
  showLabel?: boolean;
}

/** A spinner in a role="status" region carrying its label (visually hidden unless showLabel). */
export function LoadingIndicator({ label = 'Loading…', size = 'md', showLabel = false }: LoadingIndicatorProps) {
  return (
    <span role="status" className={`ui-spinner ui-spinner--${size}`}>
      <span className="ui-spinner__circle" aria-hidden="true" />
      <span className={showLabel ? undefined : 'ui-visually-hidden'}>{label}</span>
    </span>
  );
}

/** Props of LoadingBar. */
export interface LoadingBarProps {
  /** Whether navigation is under way; the bar renders only then. */
  active: boolean;
}

/** The thin indeterminate bar at the top of the page during navigation; nothing when not active. */
export function LoadingBar({ active }: LoadingBarProps) {
  if (!active) return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="ui-loading-bar">
      <div className="ui-loading-bar__indicator" />
    </div>
  );
}
