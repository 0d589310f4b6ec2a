/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExternalLink } from '@ui/external-link';

describe('ExternalLink', () => {
  it('opens the url in a new tab without giving it the opener', () => {
    render(<ExternalLink url="https://example.com/docs" title="Docs" />);
    const link = screen.getByRole('link', { name: /Docs/ });
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent('Docs (opens in a new tab)');
  });

  it.each([
    ['no url', undefined, 'Docs'],
    ['an empty url', '', 'Docs'],
    ['a null url', null, 'Docs'],
    ['no title', 'https://example.com', undefined],
    ['an empty title', 'https://example.com', ''],
    ['a blank title', 'https://example.com', '  '],
  ])('shows "-" with %s', (_case, url, title) => {
    const { container } = render(<ExternalLink url={url} title={title} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container).toHaveTextContent(/^-$/);
  });

  it('does not link a javascript: url', () => {
    const { container } = render(<ExternalLink url="javascript:alert(1)" title="Click" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container).toHaveTextContent(/^-$/);
  });
});
