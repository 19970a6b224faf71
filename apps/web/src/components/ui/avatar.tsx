import type { ImgHTMLAttributes } from 'react';

/** The picture of someone who has none (public/default-avatar.svg). */
export const DEFAULT_AVATAR = '/default-avatar.svg';

interface AvatarProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  /** The person's picture; the default one when they have none (null or empty). */
  src: string | null | undefined;
  /** Width and height in pixels, reserved before the picture loads. */
  size: number;
}

/**
 * A round picture of a person. Decorative (alt="") unless given an alt; `className` sets its
 * displayed size, background and border.
 */
export function Avatar({ src, size, alt = '', className = '', ...img }: AvatarProps) {
  return (
    <img
      src={src || DEFAULT_AVATAR}
      alt={alt}
      width={size}
      height={size}
      className={`rounded-full object-cover ${className}`}
      {...img}
    />
  );
}
