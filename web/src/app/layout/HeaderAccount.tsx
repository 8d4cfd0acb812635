/** The signed-in part of the header (spec 1 §2): badges, "Organiser un concours" and the account menu. */
import { Link, useNavigate } from 'react-router';
import { Avatar, Button, Indicator, Menu, UnstyledButton } from '@mantine/core';
import { IconBell, IconChevronDown, IconId, IconLogout, IconMessageCircle, IconPlus, IconTrophy, IconUser } from '@tabler/icons-react';
import { useSession } from '../../features/auth/session';
import { paths } from '../paths';
import { ACCOUNT_LINKS } from './nav';
import { useUnreadCounts } from './use-unread-counts';
// Mantine's stylesheets beyond the landing's (this part is loaded lazily).
import '../../ui/mantine-pages.css';
import classes from './HeaderAccount.module.css';

const ACCOUNT_ICONS = [IconTrophy, IconUser, IconId];

export function initialsOf(name: string): string {
  return name.replace(/[^\p{L}\p{N}]+/gu, ' ').trim().slice(0, 2).toUpperCase() || '?';
}

/** "Messages, 3 non lus": the count is part of the link's name, not only a coloured dot. */
export function badgeLabel(label: string, count: number): string {
  if (count === 0) return label;
  return `${label}, ${count} non ${count > 1 ? 'lus' : 'lu'}`;
}

export function CountLink({ to, label, count, icon: Icon }: { to: string; label: string; count: number; icon: typeof IconBell }) {
  return (
    <Link to={to} className={classes.iconLink} aria-label={badgeLabel(label, count)} title={label}>
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

export default function HeaderAccount() {
  const { user, status } = useSession();
  const counts = useUnreadCounts(status === 'user');
  const leave = useSignOutAndLeave();
  const pseudo = user?.pseudo ?? '';

  return (
    <div className={classes.root}>
      <Button component={Link} to={paths.createContest(1)} leftSection={<IconPlus size={18} aria-hidden />} className={`${classes.create} ${classes.desktopOnly}`}>
        Organiser un concours
      </Button>
      <CountLink to={paths.notifications} label="Notifications" count={counts.notifications} icon={IconBell} />
      <CountLink to={paths.messages} label="Messages" count={counts.messages} icon={IconMessageCircle} />
      <div className={classes.desktopOnly}>
        <Menu position="bottom-end" width={250} shadow="md" radius="md" offset={10} withinPortal>
          <Menu.Target>
            <UnstyledButton className={classes.account} aria-label={`Mon compte (${pseudo})`}>
              <Avatar radius="xl" size={36} classNames={{ root: classes.avatar, placeholder: classes.avatarPlaceholder }}>
                {initialsOf(pseudo)}
              </Avatar>
              <span className={classes.pseudo}>{pseudo}</span>
              <IconChevronDown size={16} aria-hidden />
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Mon compte</Menu.Label>
            {ACCOUNT_LINKS.map((link, i) => {
              const Icon = ACCOUNT_ICONS[i]!;
              return (
                <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<Icon size={18} stroke={1.6} aria-hidden />}>
                  {link.label}
                </Menu.Item>
              );
            })}
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />} onClick={() => void leave()}>
              Déconnexion
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
    </div>
  );
}
