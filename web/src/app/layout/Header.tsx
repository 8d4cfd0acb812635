/**
 * Site header of docs/product.md §11: transparent over the landing hero, fixed and white once the page
 * is scrolled past 200 px, a burger and drawer below 950 px. Signed-in controls and the
 * drawer are loaded on demand: a visitor's first load carries neither.
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Burger, Button } from '@mantine/core';
import { onDemand, useOpenedOnce } from '../../ui/on-demand';
import { useSession } from '../session';
import { useSignInModal } from '../sign-in-modal-state';
import { paths } from '../paths';
import { Logo } from './Logo';
import { LANDING_LINKS, MEMBER_LINKS, scrollToAnchor } from './nav';
import { useScrolledPast } from './use-scrolled-past';
import classes from './Header.module.css';
import { LAYOUT } from '@creadefi/domain';

const HeaderAccount = lazy(() => import('./HeaderAccount'));
const MobileDrawer = onDemand(() => import('./MobileDrawer'));

/** docs/product.md §11: the header sticks once the page is scrolled past 200 px. */
const STICKY_OFFSET = 200;

export function Header() {
  const { status } = useSession();
  const signIn = useSignInModal();
  const { pathname, hash } = useLocation();
  const scrolled = useScrolledPast(STICKY_OFFSET);
  const [drawerOpened, setDrawerOpened] = useState(false);
  // The drawer's code is fetched on the first tap of the burger, then it stays mounted for its closing animation.
  const drawerLoaded = useOpenedOnce(drawerOpened);
  const overlay = pathname === paths.home && status === 'guest';
  const signedIn = status === 'user';

  // The drawer closes when a link inside it changes the page.
  const [lastPath, setLastPath] = useState(pathname + hash);
  if (lastPath !== pathname + hash) {
    setLastPath(pathname + hash);
    if (drawerOpened) setDrawerOpened(false);
  }

  return (
    <div className={classes.slot} data-overlay={overlay || undefined}>
      <header className={classes.bar} data-fixed={scrolled || undefined} data-overlay={overlay || undefined}>
        <div className={classes.inner}>
          <Link to={paths.home} className={classes.brand} aria-label={LAYOUT.homeLink}>
            <Logo height={34} />
          </Link>

          {status === 'guest' && (
            <nav className={classes.nav} aria-label={LAYOUT.mainNav}>
              {LANDING_LINKS.map((link) => (
                <Link key={link.to} to={link.to} className={classes.navLink} onClick={(event) => scrollToAnchor(event, link.to, pathname, hash)}>
                  {link.label}
                </Link>
              ))}
            </nav>
          )}

          {signedIn && (
            <nav className={classes.nav} aria-label={LAYOUT.mainNav}>
              {MEMBER_LINKS.map((link) => (
                <Link key={link.to} to={link.to} className={classes.navLink}>
                  {link.label}
                </Link>
              ))}
            </nav>
          )}

          <div className={classes.actions}>
            {status === 'guest' && (
              <div className={classes.desktopOnly}>
                <Button variant="subtle" color="ink.9" onClick={() => signIn.open()} aria-haspopup="dialog" className={classes.signInButton}>
                  {LAYOUT.signIn}
                </Button>
                <Button component={Link} to={paths.signup} className={classes.gradientButton}>
                  {LAYOUT.signUp}
                </Button>
              </div>
            )}
            {signedIn && (
              <Suspense fallback={null}>
                <HeaderAccount />
              </Suspense>
            )}
            {status !== 'loading' && (
              <span className={classes.burger}>
                <Burger
                  opened={drawerOpened}
                  onClick={() => setDrawerOpened((o) => !o)}
                  size="sm"
                  aria-label={drawerOpened ? LAYOUT.closeMenu : LAYOUT.openMenu}
                  aria-expanded={drawerOpened}
                />
              </span>
            )}
          </div>
        </div>
      </header>
      {drawerLoaded && <MobileDrawer opened={drawerOpened} onClose={() => setDrawerOpened(false)} />}
    </div>
  );
}
