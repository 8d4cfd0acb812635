/**
 * The dialog that reports a proposal with a reason (docs/product.md §2), shared by the
 * proposals page and the conversation. Its form, which validates with `reportSchema`, is loaded
 * when the dialog first opens: the pages that offer a report do not carry the validation
 * library for it.
 */
import { PARTICIPATIONS } from '@creadefi/domain';
import { DialogLoading } from './DialogLoading';
import { LazyModal } from './LazyModal';
import { onDemand } from './on-demand';
import type { ReportFormProps } from './ReportForm';

const ReportForm = onDemand(() => import('./ReportForm'), { fallback: <DialogLoading height={330} /> });

interface Props extends ReportFormProps {
  opened: boolean;
}

export function ReportDialog({ opened, busy, onClose, onSubmit }: Props) {
  return (
    <LazyModal opened={opened} onClose={() => !busy && onClose()} title={PARTICIPATIONS.reportDialogTitle} centered radius="lg" size="md" styles={{ title: { fontWeight: 600 } }}>
      {/* Inside the modal, the form starts afresh each time it opens. */}
      <ReportForm busy={busy} onClose={onClose} onSubmit={onSubmit} />
    </LazyModal>
  );
}
