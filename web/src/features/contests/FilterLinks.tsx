/**
 * Pill links that narrow the listing (a category, then its sub-categories). They are links,
 * not toggles, because each choice is its own address (docs/product.md §11: /concours/design/logo).
 */
import { Link } from 'react-router';
import classes from './FilterLinks.module.css';

export interface FilterLink {
  label: string;
  to: string;
  active: boolean;
}

export function FilterLinks({ label, links }: { label: string; links: FilterLink[] }) {
  return (
    <nav aria-label={label} className={classes.nav}>
      <ul className={classes.list}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={classes.pill} aria-current={link.active ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
