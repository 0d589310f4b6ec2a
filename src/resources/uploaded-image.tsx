import { imageUrl } from '@domain/image-url';
import { useUploadSource } from '@data/signed-upload-urls';
import { ShimmerImage } from '@ui/shimmer-image';

/** Props of UploadedImage. */
export interface UploadedImageProps {
  /** Image CDN base (global data imageCDNUrl). */
  cdnBase: string | undefined;
  /** The stored relative path (public or private upload, or a bundled CDN image). */
  relativePath: string | null | undefined;
  alt: string;
  /** Displayed size in px; default ShimmerImage's 100×75. */
  width?: number;
  height?: number;
  /** Width the CDN scales to; default none. */
  requestWidth?: number;
  className?: string;
}

/** An uploaded image: public paths load from the CDN as they are, private ones through a signed link. */
export function UploadedImage({ cdnBase, relativePath, alt, width, height, requestWidth, className }: UploadedImageProps) {
  const source = useUploadSource(relativePath);
  return (
    <ShimmerImage
      src={source.pending ? undefined : imageUrl(cdnBase, source.path, requestWidth === undefined ? {} : { width: requestWidth })}
      pending={source.pending}
      alt={alt}
      width={width}
      height={height}
      className={className}
    />
  );
}
