/**
 * The admin area (docs/product.md §2, the admin area): one tab per part of the marketplace an
 * operator runs. The open tab is in the address (`?onglet=`), so that a link can lead to it.
 * Reached by admins only; the server refuses everyone else whatever this page does.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Container, Tabs, Title } from '@mantine/core';
import { IconCoinEuro, IconFlag, IconListDetails, IconScale, IconTrophy, IconUsers, IconReceiptRefund } from '@tabler/icons-react';
import { ADMIN, ADMIN_TABS, DISPUTES, REFUNDS } from '@creadefi/domain';
import { PageHeroBand, PageHeroLead } from '../../ui/PageHero';
import { ContestsTab } from './ContestsTab';
import { DisputesTab } from './DisputesTab';
import { JournalTab } from './JournalTab';
import { MembersTab } from './MembersTab';
import { MoneyTab } from './MoneyTab';
import { ReportsTab } from './ReportsTab';
import { RefundsTab } from './RefundsTab';

const T = ADMIN.page;

interface AdminTab {
  value: string;
  label: string;
  icon: ReactNode;
  panel: ReactNode;
}

const TABS: AdminTab[] = [
  { value: ADMIN_TABS.reports, label: T.reportsTab, icon: <IconFlag size={16} aria-hidden />, panel: <ReportsTab /> },
  { value: ADMIN_TABS.members, label: ADMIN.members.tab, icon: <IconUsers size={16} aria-hidden />, panel: <MembersTab /> },
  { value: ADMIN_TABS.contests, label: T.contestsTab, icon: <IconTrophy size={16} aria-hidden />, panel: <ContestsTab /> },
  { value: ADMIN_TABS.money, label: ADMIN.money.tab, icon: <IconCoinEuro size={16} aria-hidden />, panel: <MoneyTab /> },
  { value: ADMIN_TABS.disputes, label: DISPUTES.admin.tab, icon: <IconScale size={16} aria-hidden />, panel: <DisputesTab /> },
  { value: ADMIN_TABS.refunds, label: REFUNDS.admin.tab, icon: <IconReceiptRefund size={16} aria-hidden />, panel: <RefundsTab /> },
  { value: ADMIN_TABS.journal, label: T.journalTab, icon: <IconListDetails size={16} aria-hidden />, panel: <JournalTab /> },
];

export default function AdminPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('onglet');
  const current = TABS.some((t) => t.value === asked) ? asked! : TABS[0]!.value;
  return (
    <div>
      <PageHeroBand>
        <Container size="lg">
          <Title order={1}>{T.title}</Title>
          <PageHeroLead>{T.lead}</PageHeroLead>
        </Container>
      </PageHeroBand>
      <Container size="lg" py="xl">
        <Tabs value={current} onChange={(value) => value && setParams({ onglet: value })} keepMounted={false}>
          <Tabs.List mb="lg">
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((t) => (
            <Tabs.Panel key={t.value} value={t.value}>
              {t.panel}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </div>
  );
}
