/**
 * The menu below 950 px (docs/product.md §11): the header's entries, and for a signed-in user the
 * account links and the whole category tree.
 */
import { Link, useLocation } from 'react-router';
import { Accordion, Button, Divider, Drawer } from '@mantine/core';
import { IconBell, IconId, IconLayoutGrid, IconLogout, IconMessageCircle, IconPlus, IconTrophy, IconUser } from '@tabler/icons-react';
import { CATEGORIES, LAYOUT, subCategoriesOf } from '@creadefi/domain';
import { useSession } from '../session';
import { useSignInModal } from '../sign-in-modal-state';
import { paths } from '../paths';
import { badgeLabel, useSignOutAndLeave } from './HeaderAccount';
import { Logo } from './Logo';
import { ACCOUNT_LINKS, LANDING_LINKS, scrollToAnchor } from './nav';
import { useUnreadCounts } from './use-unread-counts';
// Mantine's stylesheets beyond the landing's (this part is loaded lazily).
import '../../ui/mantine-pages.css';
import classes from './MobileDrawer.module.css';

const ACCOUNT_ICONS = [IconTrophy, IconUser, IconId];

export default function MobileDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { status, user } = useSession();
  const signIn = useSignInModal();
  const { pathname, hash } = useLocation();
  const signedIn = status === 'user';
  const counts = useUnreadCounts(signedIn);
  const leave = useSignOutAndLeave();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(90vw, 380px)"
      padding="lg"
      title={<Logo height={30} />}
      closeButtonProps={{ 'aria-label': LAYOUT.closeMenu }}
      classNames={{ body: classes.body, header: classes.header }}
    >
      <nav aria-label={LAYOUT.drawer.title} className={classes.nav}>
        {!signedIn && (
          <>
            <ul className={classes.list}>
              {LANDING_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={classes.link} onClick={(event) => scrollToAnchor(event, link.to, pathname, hash)}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <div className={classes.buttons}>
              <Button
                variant="default"
                size="md"
                fullWidth
                aria-haspopup="dialog"
                onClick={() => {
                  onClose();
                  signIn.open();
                }}
              >
                {LAYOUT.signIn}
              </Button>
              <Button component={Link} to={paths.signup} size="md" fullWidth className={classes.gradientButton}>
                {LAYOUT.signUp}
              </Button>
            </div>
          </>
        )}

        {signedIn && (
          <>
            {user && <p className={classes.hello}>{LAYOUT.drawer.hello(user.pseudo)}</p>}
            <Button component={Link} to={paths.createContest(1)} size="md" fullWidth leftSection={<IconPlus size={18} aria-hidden />} className={classes.gradientButton}>
              {LAYOUT.createContest}
            </Button>
            <ul className={classes.list}>
              <li>
                <Link to={paths.notifications} className={classes.link} aria-label={badgeLabel.notifications(counts.notifications)}>
                  <IconBell size={20} stroke={1.6} aria-hidden />
                  {LAYOUT.drawer.notifications}
                  {counts.notifications > 0 && <span className={classes.count}>{counts.notifications}</span>}
                </Link>
              </li>
              <li>
                <Link to={paths.messages} className={classes.link} aria-label={badgeLabel.messages(counts.messages)}>
                  <IconMessageCircle size={20} stroke={1.6} aria-hidden />
                  {LAYOUT.drawer.messages}
                  {counts.messages > 0 && <span className={classes.count}>{counts.messages}</span>}
                </Link>
              </li>
              {ACCOUNT_LINKS.map((link, i) => {
                const Icon = ACCOUNT_ICONS[i]!;
                return (
                  <li key={link.to}>
                    <Link to={link.to} className={classes.link}>
                      <Icon size={20} stroke={1.6} aria-hidden />
                      {link.label}
                    </Link>
                  </li>
                );
              })}
            </ul>

            <Divider my="sm" color="var(--cd-line)" />
            <h2 className={classes.heading}>{LAYOUT.drawer.contests}</h2>
            <Link to={paths.listing('all')} className={classes.link}>
              <IconLayoutGrid size={20} stroke={1.6} aria-hidden />
              {LAYOUT.drawer.allContests}
            </Link>
            <Accordion variant="default" chevronPosition="right" classNames={{ control: classes.categoryControl, content: classes.categoryContent, item: classes.categoryItem }}>
              {CATEGORIES.map((category) => (
                <Accordion.Item key={category.id} value={category.slug}>
                  <Accordion.Control>{category.title}</Accordion.Control>
                  <Accordion.Panel>
                    <ul className={classes.subList}>
                      <li>
                        <Link to={paths.listing(category.slug)} className={classes.subLink}>
                          {LAYOUT.drawer.wholeCategory}
                        </Link>
                      </li>
                      {subCategoriesOf(category.id).map((sub) => (
                        <li key={sub.id}>
                          <Link to={paths.listing(category.slug, sub.slug)} state={{ idSubCategory: sub.id }} className={classes.subLink}>
                            {sub.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>

            <Divider my="sm" color="var(--cd-line)" />
            <button type="button" className={`${classes.link} ${classes.logout}`} onClick={() => void leave()}>
              <IconLogout size={20} stroke={1.6} aria-hidden />
              {LAYOUT.signOut}
            </button>
          </>
        )}
      </nav>
    </Drawer>
  );
}
