import { imageUrl } from '@domain/image-url';
import { ShimmerImage } from '@ui/shimmer-image';
import { initialsOf } from './menu-match';

/** Props of UserAvatar. */
export interface UserAvatarProps {
  name: string;
  /** Image URL; without one the initials of the name are shown. */
  image: string | null;
  /** Size in px; default 32. */
  size?: number;
}

/** The user's round picture (shimmer while loading, not-found image on error), or their initials without one. */
export function UserAvatar({ name, image, size = 32 }: UserAvatarProps) {
  if (image?.trim()) return <ShimmerImage src={image} alt="" width={size} height={size} className="avatar" />;
  return (
    <span className="avatar avatar--initials" style={{ width: size, height: size }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

/**
 * The URL of a user image on the CDN (the CDN base + the image's path, with width and quality); absolute URLs as they are.
 * Null without an image, or while the CDN base (global data) is not known yet: initials show meanwhile,
 * rather than a request to a wrong relative URL.
 */
export function userImageUrl(image: string | null, cdnBase: string | undefined, size = 40): string | null {
  if (!image?.trim()) return null;
  const absolute = /^(https?:|data:|blob:)/i.test(image);
  if (!absolute && !cdnBase) return null;
  return imageUrl(cdnBase, image, { width: size * 2 }) ?? null;
}
