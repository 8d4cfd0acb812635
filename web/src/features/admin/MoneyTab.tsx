/**
 * « Argent »: the ledger check's verdict, the platform's balances, the pay-outs to follow (a
 * failed one can be sent again, saying why) and the promo codes (PromoCodesSection).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, List, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { contestStatusLabel, formatDate, formatEuros, formatTime, type AdminMoneyDto, type AdminPayoutDto, type AdminPayoutStatus, ADMIN } from '@creadefi/domain';
import { useAdminMoney, useAdminPayouts, useRetryPayout } from './api-money';
import { LoadError, Paged, ReasonDialog, Section } from './parts';
import { PromoCodesSection } from './PromoCodesSection';

const M = ADMIN.money;

export function MoneyTab() {
  return (
    <Stack gap="xl">
      <LedgerSection />
      <PayoutsSection />
      <PromoCodesSection />
    </Stack>
  );
}

function LedgerSection() {
  const query = useAdminMoney();
  if (query.isPending) return <Skeleton height={220} radius="md" />;
  if (query.isError) return <LoadError />;
  const money = query.data;
  const rerun = (
    <Button variant="light" size="xs" leftSection={<IconRefresh size={16} aria-hidden />} loading={query.isFetching} onClick={() => void query.refetch()}>
      {M.rerun}
    </Button>
  );
  return (
    <>
      <Section title={M.checkTitle} action={rerun}>
        <Verdict check={money.check} />
      </Section>
      <Section title={M.balancesTitle}>
        <Balances balances={money.balances} />
      </Section>
    </>
  );
}

function Verdict({ check }: { check: AdminMoneyDto['check'] }) {
  const when = <Text fz="sm">{M.checkedAt(formatDate(check.checkedAt), formatTime(check.checkedAt))}</Text>;
  if (check.ok) {
    return (
      <Alert color="green" icon={<IconCircleCheck size={20} aria-hidden />} title={M.checkOk} data-testid="ledger-verdict" data-ok="true">
        {when}
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title={M.checkFailed(check.violations.length)} data-testid="ledger-verdict" data-ok="false">
      <List size="sm" spacing={4} mb="xs">
        {check.violations.map((v, i) => (
          <List.Item key={`${v.rule}-${i}`}>{v.message}</List.Item>
        ))}
      </List>
      {when}
    </Alert>
  );
}

function Amount({ label, cents }: { label: string; cents: number }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {formatEuros(cents)}
      </Text>
    </Card>
  );
}

function Balances({ balances: b }: { balances: AdminMoneyDto['balances'] }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Amount label={M.payins} cents={b.payins} />
        <Amount label={M.escrow} cents={b.escrow.total} />
        <Amount label={M.wallets} cents={b.wallets} />
        <Amount label={M.fees} cents={b.fees} />
        <Amount label={M.promotions} cents={b.promotions} />
        <Amount label={M.payouts} cents={b.payouts} />
      </SimpleGrid>
      <div>
        <Text fw={600} fz="sm" mb={4}>
          {M.escrowByStatus}
        </Text>
        {b.escrow.byStatus.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {M.noEscrow}
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            {b.escrow.byStatus.map((s) => (
              <List.Item key={s.status}>
                {contestStatusLabel(s.status)}&nbsp;: {formatEuros(s.amount)} ({M.contestsCount(s.contests)})
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}

function PayoutsSection() {
  const [status, setStatus] = useState<AdminPayoutStatus>('failed');
  const [page, setPage] = useState(1);
  const query = useAdminPayouts(status, page);
  const retry = useRetryPayout();
  const [retrying, setRetrying] = useState<AdminPayoutDto | null>(null);
  const filter = (
    <SegmentedControl
      size="xs"
      aria-label={M.payoutsFilter}
      value={status}
      onChange={(value) => {
        setStatus(value as AdminPayoutStatus);
        setPage(1);
      }}
      data={[
        { value: 'failed', label: M.payoutStatus.failed! },
        { value: 'pending', label: M.payoutStatus.pending! },
      ]}
    />
  );
  let body: ReactNode;
  if (query.isPending) body = <Skeleton height={120} radius="md" />;
  else if (query.isError) body = <LoadError />;
  else if (query.data.payouts.length === 0) body = <Text c="dimmed">{M.noPayouts}</Text>;
  else {
    body = (
      <>
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.member}</Table.Th>
                <Table.Th>{M.amount}</Table.Th>
                <Table.Th>{M.bankAccount}</Table.Th>
                <Table.Th>{M.requestedOn}</Table.Th>
                <Table.Th>{M.failureReason}</Table.Th>
                <Table.Th aria-label={M.retry} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.payouts.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.member.pseudo}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEuros(p.amount)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.iban}</Table.Td>
                  <Table.Td>{formatDate(p.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text fz="sm">{p.failureReason ?? '—'}</Text>
                    <Text fz="xs" c="dimmed">
                      {M.attempts(p.attempt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {p.status === 'failed' ? (
                      <Button size="xs" variant="light" onClick={() => setRetrying(p)} aria-label={`${M.retry} (${p.member.pseudo}, ${formatEuros(p.amount)})`}>
                        {M.retry}
                      </Button>
                    ) : (
                      <Badge variant="light" color="gray">
                        {M.payoutStatus[p.status]}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Paged page={page} total={query.data.total} onChange={setPage} />
      </>
    );
  }
  return (
    <Section title={M.payoutsTitle} action={filter}>
      {body}
      <ReasonDialog
        opened={retrying !== null}
        title={M.retryTitle}
        busy={retry.isPending}
        onClose={() => setRetrying(null)}
        onSubmit={(reason) => retrying && retry.mutate({ id: retrying.id, reason }, { onSettled: () => setRetrying(null) })}
      >
        {retrying && (
          <Text fz="sm">
            {retrying.member.pseudo} — {formatEuros(retrying.amount)} — {retrying.iban}
            <br />
            {M.retryHint}
          </Text>
        )}
      </ReasonDialog>
    </Section>
  );
}
