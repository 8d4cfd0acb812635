/** The account menu of the header (docs/product.md §11), loaded once the member reaches for it (HeaderAccount.tsx). */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Menu } from '@mantine/core';
import { IconId, IconLogout, IconShieldLock, IconTrophy, IconUser } from '@tabler/icons-react';
import { ADMIN, LAYOUT } from '@creadefi/domain';
import { paths } from '../paths';
import { useSession } from '../session';
import { ACCOUNT_LINKS } from './nav';
import { AccountButton, useSignOutAndLeave } from './HeaderAccount';

const ACCOUNT_ICONS = [IconTrophy, IconUser, IconId];

export default function AccountMenu({ pseudo, avatarUrl, opened, focused }: { pseudo: string; avatarUrl: string | null; opened: boolean; focused: boolean }) {
  const leave = useSignOutAndLeave();
  const { isAdmin } = useSession();
  const target = useRef<HTMLButtonElement>(null);
  // Reached with the keyboard: the focus stays on the button that replaced the stand-in.
  useEffect(() => {
    if (focused) target.current?.focus();
  }, [focused]);

  return (
    <Menu position="bottom-end" width={250} shadow="md" radius="md" offset={10} withinPortal defaultOpened={opened}>
      <Menu.Target>
        <AccountButton ref={target} pseudo={pseudo} avatarUrl={avatarUrl} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{LAYOUT.account.title}</Menu.Label>
        {ACCOUNT_LINKS.map((link, i) => {
          const Icon = ACCOUNT_ICONS[i]!;
          return (
            <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<Icon size={18} stroke={1.6} aria-hidden />}>
              {link.label}
            </Menu.Item>
          );
        })}
        {isAdmin && (
          <Menu.Item component={Link} to={paths.admin} leftSection={<IconShieldLock size={18} stroke={1.6} aria-hidden />}>
            {ADMIN.page.menuLink}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />} onClick={() => void leave()}>
          {LAYOUT.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
