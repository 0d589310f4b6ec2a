/** @vitest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_IMAGE_URL, ShimmerImage } from '@ui/shimmer-image';

describe('ShimmerImage', () => {
  it('shows the shimmer until the image loads, at 100x75 by default', () => {
    const { container } = render(<ShimmerImage src="https://cdn.example.com/a.jpg" alt="Charger photo" />);
    const img = screen.getByRole('img', { name: 'Charger photo' });
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/a.jpg');
    expect(img).toHaveAttribute('width', '100');
    expect(img).toHaveAttribute('height', '75');
    const wrapper = container.firstElementChild!;
    expect(wrapper).toHaveClass('ui-image--loading');
    expect(wrapper).toHaveAttribute('aria-busy', 'true');

    fireEvent.load(img);
    expect(wrapper).toHaveClass('ui-image--loaded');
    expect(wrapper).not.toHaveAttribute('aria-busy');
  });

  it('swaps to the not-found image when the image fails to load', () => {
    const { container } = render(<ShimmerImage src="https://cdn.example.com/broken.jpg" alt="Site photo" width={200} height={150} />);
    fireEvent.error(screen.getByRole('img', { name: 'Site photo' }));
    const img = screen.getByRole('img', { name: 'Site photo' });
    // Vite gives the asset's URL, or inlines a small file as a data URL.
    expect(NOT_FOUND_IMAGE_URL).toMatch(/not-found\.svg|^data:image\/svg\+xml/);
    expect(img).toHaveAttribute('src', NOT_FOUND_IMAGE_URL);
    expect(img).toHaveAttribute('width', '200');
    expect(container.firstElementChild).toHaveClass('ui-image--missing');
  });

  it('shows the not-found image when src is empty', () => {
    render(<ShimmerImage src="" alt="No photo" />);
    expect(screen.getByRole('img', { name: 'No photo' })).toHaveAttribute('src', NOT_FOUND_IMAGE_URL);
  });

  it('tries again when a failed image gets a new src', () => {
    const { rerender } = render(<ShimmerImage src="https://cdn.example.com/1.jpg" alt="Photo" />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo' }));
    expect(screen.getByRole('img', { name: 'Photo' })).toHaveAttribute('src', NOT_FOUND_IMAGE_URL);
    rerender(<ShimmerImage src="https://cdn.example.com/2.jpg" alt="Photo" />);
    expect(screen.getByRole('img', { name: 'Photo' })).toHaveAttribute('src', 'https://cdn.example.com/2.jpg');
  });
});
