import { useState } from 'react';
import { DEFAULT_IMAGE_HEIGHT, DEFAULT_IMAGE_WIDTH } from '@domain/constants';
import notFoundUrl from './assets/not-found.svg';
import './ui.css';

/** Props of ShimmerImage. */
export interface ShimmerImageProps {
  /** Image URL; empty shows the not-found image. */
  src: string | null | undefined;
  /** Alternative text. */
  alt: string;
  /** Width in px; default 100. */
  width?: number;
  /** Height in px; default 75. */
  height?: number;
  /** Extra class on the wrapper; default none. */
  className?: string;
  /** The URL is still being fetched (a signed link): the shimmer shows and nothing is requested yet; default false. */
  pending?: boolean;
}

/** URL of the not-found placeholder image. */
export const NOT_FOUND_IMAGE_URL: string = notFoundUrl;

/**
 * An image that shows a blurred shimmer placeholder until it has loaded, and the not-found image when
 * the source is empty or fails to load.
 */
export function ShimmerImage({ src, alt, width = DEFAULT_IMAGE_WIDTH, height = DEFAULT_IMAGE_HEIGHT, className, pending = false }: ShimmerImageProps) {
  const source = src?.trim() || undefined;
  // State records which source loaded or failed, so a new src starts over without an effect.
  const [loadedSrc, setLoadedSrc] = useState<string | undefined>(undefined);
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);

  if (pending) {
    return (
      <span className={['ui-image', 'ui-image--loading', className].filter(Boolean).join(' ')} style={{ width, height }} data-state="loading" role="img" aria-label={alt} aria-busy />
    );
  }
  const missing = source === undefined || failedSrc === source;
  const loading = !missing && loadedSrc !== source;
  const state = missing ? 'missing' : loading ? 'loading' : 'loaded';
  const classes = ['ui-image', `ui-image--${state}`, className].filter(Boolean).join(' ');

  return (
    <span className={classes} style={{ width, height }} data-state={state} aria-busy={loading || undefined}>
      {missing ? (
        <img className="ui-image__img" src={NOT_FOUND_IMAGE_URL} alt={alt} width={width} height={height} />
      ) : (
        <img
          key={source}
          className="ui-image__img"
          src={source}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          onLoad={() => setLoadedSrc(source)}
          onError={() => setFailedSrc(source)}
        />
      )}
    </span>
  );
}
