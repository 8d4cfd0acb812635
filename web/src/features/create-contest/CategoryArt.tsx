import { useState } from 'react';
import { findCategory } from '@creadefi/domain';
import classes from './parts.module.css';

/**
 * The category's illustration (/illustrations/<slug>.svg). Until a picture exists for a
 * category, a tile in the brand colours with the category's initial keeps the cards even.
 */
export function CategoryArt({ idCategory, size = 'md' }: { idCategory: number; size?: 'sm' | 'md' }) {
  const category = findCategory(idCategory);
  const [failed, setFailed] = useState(false);
  const className = `${classes.art} ${size === 'sm' ? classes.artSmall : ''}`;
  if (!category || failed) {
    return (
      <div className={`${className} ${classes.artFallback}`} aria-hidden>
        {category?.title.charAt(0) ?? '?'}
      </div>
    );
  }
  return <img className={className} src={`/illustrations/${category.slug}.svg`} alt="" loading="lazy" onError={() => setFailed(true)} />;
}
