/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingBar, LoadingIndicator } from '@ui/loading-indicator';

describe('LoadingIndicator', () => {
  it('is a status with its label', () => {
    render(<LoadingIndicator />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('takes another label', () => {
    render(<LoadingIndicator label="Loading chargers" size="lg" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading chargers');
  });
});

describe('LoadingBar', () => {
  it('renders only while active', () => {
    const { rerender } = render(<LoadingBar active={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<LoadingBar active />);
    const bar = screen.getByRole('progressbar', { name: 'Loading page' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
  });
});
