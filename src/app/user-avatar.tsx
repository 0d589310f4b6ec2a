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

/** The URL of a user image: absolute URLs as they are, relative paths on the CDN base; null without one. */
export function userImageUrl(image: string | null, cdnBase: string | undefined): string | null {
  if (!image?.trim()) return null;
  if (/^(https?:|data:|blob:)/i.test(image) || image.startsWith('/')) return image;
  return cdnBase ? `${cdnBase.replace(/\/$/, '')}/${image}` : image;
}
