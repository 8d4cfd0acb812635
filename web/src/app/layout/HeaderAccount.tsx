/** The signed-in part of the header (docs/product.md §11): badges, "Organiser un concours" and the account menu. */
import { useRef, useState, type ComponentPropsWithoutRef, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar, Button, Indicator, UnstyledButton } from '@mantine/core';
import { IconBell, IconChevronDown, IconMessageCircle, IconPlus } from '@tabler/icons-react';
import { LAYOUT, MESSAGING_TEXTS, NOTIFICATION_TEXTS } from '@creadefi/domain';
import { useSession } from '../session';
import { paths } from '../paths';
import { useUnreadCounts } from './use-unread-counts';
// Mantine's stylesheets beyond the landing's (this part is loaded lazily).
import '../../ui/mantine-pages.css';
import classes from './HeaderAccount.module.css';

type AccountMenu = typeof import('./AccountMenu').default;

function initialsOf(name: string): string {
  return name.replace(/[^\p{L}\p{N}]+/gu, ' ').trim().slice(0, 2).toUpperCase() || '?';
}

/** "Messages, 3 non lus", "Notifications, 5 non lues": the count is part of the link's name, not only a coloured dot. */
export const badgeLabel = { messages: MESSAGING_TEXTS.unreadBadge, notifications: NOTIFICATION_TEXTS.unreadBadge } as const;

function CountLink({ to, kind, count, icon: Icon }: { to: string; kind: keyof typeof badgeLabel; count: number; icon: typeof IconBell }) {
  return (
    <Link to={to} className={classes.iconLink} aria-label={badgeLabel[kind](count)} title={badgeLabel[kind](0)}>
      <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} offset={4} color="pink.6" withBorder>
        <Icon size={24} stroke={1.6} aria-hidden />
      </Indicator>
    </Link>
  );
}

export function useSignOutAndLeave() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return async () => {
    // signOut() tells the member itself, with the server's words.
    await signOut();
    navigate(paths.home);
  };
}

/** The account button: the menu's target, and its stand-in until the menu's code is there. */
export function AccountButton({ pseudo, avatarUrl, ...props }: { pseudo: string; avatarUrl?: string | null; ref?: Ref<HTMLButtonElement> } & ComponentPropsWithoutRef<'button'>) {
  return (
    <UnstyledButton {...props} className={classes.account} aria-label={LAYOUT.account.button(pseudo)}>
      {/* The initials are a picture of the member, drawn by the stylesheet: the button's only text is the pseudo, which its name holds as it is shown (WCAG 2.5.3). */}
      <Avatar aria-hidden src={avatarUrl} alt="" radius="xl" size={36} classNames={{ root: classes.avatar, placeholder: classes.avatarPlaceholder }}>
        <span className={classes.initials} data-initials={initialsOf(pseudo)} />
      </Avatar>
      <span className={classes.pseudo}>{pseudo}</span>
      <IconChevronDown size={16} aria-hidden />
    </UnstyledButton>
  );
}

/**
 * The menu (positioning, focus trap, transitions) is fetched when the member points at,
 * focuses or taps its button, not with every page: below 950 px the button is not even shown.
 * The button stays as it is until the code is there; a tap made meanwhile opens the menu then.
 */
function DeferredAccountMenu({ pseudo, avatarUrl }: { pseudo: string; avatarUrl: string | null }) {
  const [menu, setMenu] = useState<{ Menu: AccountMenu; opened: boolean; focused: boolean } | null>(null);
  const standIn = useRef<HTMLButtonElement>(null);
  const tapped = useRef(false);
  const loading = useRef(false);
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void import('./AccountMenu').then(({ default: Menu }) =>
      setMenu({ Menu, opened: tapped.current, focused: document.activeElement === standIn.current && standIn.current !== null }),
    );
  };
  const tap = () => {
    tapped.current = true;
    load();
  };
  if (menu) return <menu.Menu pseudo={pseudo} avatarUrl={avatarUrl} opened={menu.opened} focused={menu.focused} />;
  return (
    <AccountButton
      ref={standIn}
      pseudo={pseudo}
      avatarUrl={avatarUrl}
      aria-haspopup="menu"
      onPointerEnter={load}
      onFocus={load}
      // From the press on: code arriving between press and release replaces this button, and
      // the release's click then reaches no button, so the menu opens when the code arrives.
      onPointerDown={tap}
      onClick={tap}
    />
  );
}

export default function HeaderAccount() {
  const { user, status } = useSession();
  const counts = useUnreadCounts(status === 'user');
  const pseudo = user?.pseudo ?? '';

  return (
    <div className={classes.root}>
      <Button component={Link} to={paths.createContest(1)} leftSection={<IconPlus size={18} aria-hidden />} className={`${classes.create} ${classes.desktopOnly}`}>
        {LAYOUT.createContest}
      </Button>
      <CountLink to={paths.notifications} kind="notifications" count={counts.notifications} icon={IconBell} />
      <CountLink to={paths.messages} kind="messages" count={counts.messages} icon={IconMessageCircle} />
      <div className={classes.desktopOnly}>
        <DeferredAccountMenu pseudo={pseudo} avatarUrl={user?.avatarUrl ?? null} />
      </div>
    </div>
  );
}
