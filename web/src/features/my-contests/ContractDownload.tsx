/** A validated delivery's copyright assignment contract, downloaded from My contests (docs/decisions/0013). */
import { ActionIcon, Loader, Tooltip } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { type MyContestRow, HANDOVER } from '@creadefi/domain';
import { notifyError } from '../../ui/feedback';
import { useAuthorisedDownload } from '../../ui/use-authorised-image';

export function ContractDownload({ contract }: { contract: MyContestRow['contracts'][number] }) {
  const { busy, download } = useAuthorisedDownload(notifyError);
  const label = HANDOVER.screen.downloadContractOf(contract.idParticipation);
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="orange" size="lg" onClick={() => download(contract.path, contract.filename)} disabled={busy} aria-label={label}>
        {busy ? <Loader size={16} color="orange" /> : <IconFileCertificate size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
