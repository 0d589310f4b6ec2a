import type { ReactNode } from 'react';
import './ui.css';

/** Props of ExternalLink. */
export interface ExternalLinkProps {
  /** Where the link goes; only http(s) (absolute or relative) is linked. */
  url: string | null | undefined;
  /** The link text. */
  title: ReactNode;
  /** Extra class on the anchor; default none. */
  className?: string;
}

/** True for http(s) URLs, absolute or relative; false for javascript:, data: and other schemes. */
function isSafeUrl(url: string): boolean {
  try {
    const base = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

const isMissing = (title: ReactNode) => title === null || title === undefined || title === false || (typeof title === 'string' && title.trim() === '');

/** A link that opens in a new tab (rel="noopener noreferrer"); shows "-" when url or title is missing. */
export function ExternalLink({ url, title, className }: ExternalLinkProps) {
  const href = url?.trim();
  if (!href || isMissing(title) || !isSafeUrl(href)) return <span>-</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className ? `ui-external-link ${className}` : 'ui-external-link'}>
      {title}
      <span className="ui-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
