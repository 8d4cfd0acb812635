/**
 * Site footer of docs/product.md §11: categories (links only for signed-in users), "À propos" links,
 * and the contact form, which really sends (docs/product.md §9). The form's code loads when
 * the footer comes near the screen.
 */
import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { IconExternalLink } from '@tabler/icons-react';
import { CATEGORIES, LAYOUT } from '@creadefi/domain';
import { useSession } from '../session';
import { paths } from '../paths';
import { Logo } from './Logo';
import { useNearViewport } from './use-near-viewport';
import classes from './Footer.module.css';

const ContactForm = lazy(() => import('./ContactForm'));

const BLOG_URL = 'https://blog.creadefi.fr';

const ABOUT_LINKS = [
  { label: LAYOUT.footer.aboutLinks.faq, to: paths.faq },
  { label: LAYOUT.footer.aboutLinks.talents, to: paths.talents },
  { label: LAYOUT.footer.aboutLinks.cgu, to: paths.cgu },
  { label: LAYOUT.footer.aboutLinks.privacy, to: paths.privacy },
] as const;

export function Footer() {
  const { status } = useSession();
  const contactRef = useRef<HTMLElement>(null);
  // Close to the form only: a page still loading (footer just below the fold) does not fetch it.
  const showForm = useNearViewport(contactRef, '100px');
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.brand}>
          <Link to={paths.home} className={classes.logoLink} aria-label={LAYOUT.homeLink}>
            <Logo tone="light" height={32} />
          </Link>
          <p className={classes.tagline}>
            {LAYOUT.footer.pitch}
          </p>
        </div>

        <nav className={classes.column} aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={classes.heading}>
            {LAYOUT.footer.categories}
          </h2>
          <ul className={classes.list}>
            {CATEGORIES.map((category) => (
              <li key={category.id}>
                {status === 'user' ? (
                  <Link to={paths.listing(category.slug)} className={classes.link}>
                    {category.title}
                  </Link>
                ) : (
                  // docs/product.md §11: visitors see the names without links.
                  <span className={classes.plain}>{category.title}</span>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <nav className={classes.column} aria-labelledby="footer-about">
          <h2 id="footer-about" className={classes.heading}>
            {LAYOUT.footer.about}
          </h2>
          <ul className={classes.list}>
            {ABOUT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={classes.link}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a href={BLOG_URL} target="_blank" rel="noopener noreferrer" className={classes.link}>
                {LAYOUT.footer.blog}
                <IconExternalLink size={14} aria-hidden className={classes.external} />
                <span className={classes.srOnly}>{LAYOUT.footer.newTab}</span>
              </a>
            </li>
          </ul>
        </nav>

        <section className={classes.contact} aria-labelledby="footer-contact" id="contact" ref={contactRef}>
          <h2 id="footer-contact" className={classes.heading}>
            {LAYOUT.footer.contactTitle}
          </h2>
          <p className={classes.contactIntro}>{LAYOUT.footer.contactIntro}</p>
          <div className={classes.formSlot}>
            {showForm && (
              <Suspense fallback={null}>
                <ContactForm />
              </Suspense>
            )}
          </div>
        </section>
      </div>

      <div className={classes.bottom}>
        <div className={classes.bottomInner}>
          {/* A page drawn at build time may carry last year's figure until the browser takes it over. */}
          <p suppressHydrationWarning>{LAYOUT.footer.rights(year)}</p>
          <p>{LAYOUT.footer.madeIn}</p>
        </div>
      </div>
    </footer>
  );
}
