/** An image served only with the bearer header: a soft placeholder while it loads, an icon if it cannot. */
import type { CSSProperties, ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useAuthorisedImage } from './use-authorised-image';

export interface AuthorisedImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  style?: CSSProperties;
  fit?: 'cover' | 'contain';
  /** Shown when there is nothing to load or loading failed. */
  fallback?: ReactNode;
}

export function AuthorisedImage({ src, alt, className, style, fit = 'cover', fallback }: AuthorisedImageProps) {
  const image = useAuthorisedImage(src);
  if (image.status === 'ready') {
    return <img src={image.src} alt={alt} className={className} style={{ display: 'block', width: '100%', height: '100%', objectFit: fit, ...style }} draggable={false} />;
  }
  if (image.status === 'loading') return <Skeleton className={className} style={{ width: '100%', height: '100%', ...style }} radius={0} aria-label={alt} />;
  return (
    <div className={className} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%', color: '#b3b5c7', ...style }} role="img" aria-label={alt}>
      {fallback ?? <IconPhotoOff size={32} stroke={1.5} aria-hidden />}
    </div>
  );
}
