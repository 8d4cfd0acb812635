/**
 * « Mon porte-monnaie »: the ledger balance, "Transférer" (the bank dialog first
 * when no account is saved), the settings icon opening the bank details, and the latest
 * movements of the wallet.
 */
import { useState } from 'react';
import { ActionIcon, Badge, Button, Skeleton, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconBuildingBank, IconSettings, IconTransfer } from '@tabler/icons-react';
import { formatDate, formatEuros, WALLET, type WalletDto } from '@creadefi/domain';
import { PROFILE_TEXTS as T } from '@creadefi/domain';
import { useWallet } from './api';
import { BankDetailsDialog } from './BankDetailsDialog';
import { TransferDialog } from './TransferDialog';
import classes from './profile.module.css';
import { cardClass } from '../../ui/card';

const SHORT_HISTORY = 4;

function History({ wallet }: { wallet: WalletDto }) {
  const [all, setAll] = useState(false);
  const rows = all ? wallet.history : wallet.history.slice(0, SHORT_HISTORY);
  const pending = wallet.payouts.find((p) => p.status === 'pending');
  return (
    <div className={classes.history}>
      <Text fz="sm" fw={600} mb={8}>
        {T.history}
      </Text>
      {pending && (
        <div className={classes.pending}>
          <IconTransfer size={16} aria-hidden />
          <Text fz="sm" style={{ flex: 1 }}>
            {WALLET.history.payout} · {formatEuros(pending.amount)}
          </Text>
          <Badge size="sm" variant="light" color="yellow" radius="sm" tt="none">
            {WALLET.payoutStatus.pending}
          </Badge>
        </div>
      )}
      {wallet.history.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {WALLET.historyEmpty}
        </Text>
      ) : (
        <ul className={classes.moves}>
          {rows.map((move) => {
            const credit = move.amount >= 0;
            return (
              <li key={move.id} className={classes.move}>
                <span className={classes.moveIcon} data-credit={credit || undefined} aria-hidden>
                  {credit ? <IconArrowDownLeft size={16} /> : <IconArrowUpRight size={16} />}
                </span>
                <span className={classes.moveText}>
                  <Text fz="sm" lineClamp={2}>
                    {move.label}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatDate(move.createdAt)}
                  </Text>
                </span>
                <Text fz="sm" fw={600} className={classes.moveAmount} data-credit={credit || undefined}>
                  {credit ? '+' : '−'}
                  {formatEuros(Math.abs(move.amount))}
                </Text>
              </li>
            );
          })}
        </ul>
      )}
      {wallet.history.length > SHORT_HISTORY && (
        <UnstyledButton className={classes.more} onClick={() => setAll((v) => !v)}>
          {all ? T.showLess : T.showMore}
        </UnstyledButton>
      )}
    </div>
  );
}

export function WalletCard({ fallbackAmount, holder }: { fallbackAmount: number; holder: string }) {
  const query = useWallet();
  const wallet = query.data;
  const balance = wallet?.balance ?? fallbackAmount;
  const [bankOpen, setBankOpen] = useState<{ thenTransfer: boolean } | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);

  const transfer = () => {
    if (!wallet) return;
    if (!wallet.bankAccount) setBankOpen({ thenTransfer: true });
    else setTransferOpen(true);
  };

  const empty = balance <= 0;
  return (
    <section className={cardClass(classes.wallet)} aria-labelledby="wallet-title">
      <div className={classes.walletTop}>
        <div className={classes.walletHead}>
          <h2 id="wallet-title" className={classes.walletTitle}>
            {WALLET.title}
          </h2>
          <Tooltip label={T.bankSettings} withArrow>
            <ActionIcon variant="transparent" className={classes.settings} size="lg" radius="xl" onClick={() => setBankOpen({ thenTransfer: false })} aria-label={T.bankSettings}>
              <IconSettings size={20} />
            </ActionIcon>
          </Tooltip>
        </div>
        <Text className={classes.walletLabel}>{WALLET.available}</Text>
        <Text className={classes.balance} data-testid="wallet-balance">
          {formatEuros(balance)}
        </Text>
        <Tooltip label={WALLET.emptyBalance} disabled={!empty} withArrow>
          <span className={classes.transferWrap}>
            <Button variant="white" color="ink.9" fullWidth leftSection={<IconTransfer size={18} />} onClick={transfer} disabled={empty || !wallet} className={classes.transferButton}>
              {WALLET.transfer}
            </Button>
          </span>
        </Tooltip>
      </div>
      <div className={classes.walletBottom}>
        <UnstyledButton className={classes.bankLine} onClick={() => setBankOpen({ thenTransfer: false })}>
          <IconBuildingBank size={18} aria-hidden />
          {query.isPending ? (
            <Skeleton h={14} w="60%" />
          ) : wallet?.bankAccount ? (
            <span className={classes.bankText}>
              <span className={classes.iban}>{wallet.bankAccount.iban}</span>
              <Text component="span" fz="xs" c="dimmed" display="block" truncate="end">
                {wallet.bankAccount.name}
              </Text>
            </span>
          ) : (
            <Text component="span" fz="sm" c="dimmed">
              {T.noBank}
            </Text>
          )}
        </UnstyledButton>
        {query.isPending ? <Skeleton h={80} mt="md" /> : wallet ? <History wallet={wallet} /> : null}
      </div>
      {bankOpen && (
        <BankDetailsDialog
          opened
          current={wallet?.bankAccount ?? null}
          defaultHolder={holder}
          notice={bankOpen.thenTransfer ? WALLET.noBankAccount : null}
          onClose={() => setBankOpen(null)}
          onSaved={() => {
            const next = bankOpen.thenTransfer;
            setBankOpen(null);
            if (next) setTransferOpen(true);
          }}
        />
      )}
      {transferOpen && wallet?.bankAccount && <TransferDialog amount={balance} bankAccount={wallet.bankAccount} onClose={() => setTransferOpen(false)} />}
    </section>
  );
}
