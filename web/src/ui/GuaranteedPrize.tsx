/**
 * « Récompense garantie » (docs/product.md §3): the prize is paid before the contest is
 * published. The explanation stays in the page's text (read by screen readers and on a
 * phone, where there is no hover) and in the title for a pointer.
 */
import { VisuallyHidden } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { FORMATS } from '@creadefi/domain';
import classes from './GuaranteedPrize.module.css';

const F = FORMATS;

export function GuaranteedPrize({ explained = false }: { explained?: boolean }) {
  return (
    <span className={classes.badge} title={F.guaranteedTooltip}>
      <IconShieldCheck size={15} aria-hidden />
      <span>{F.guaranteed}</span>
      {explained ? <span className={classes.explanation}>{F.guaranteedTooltip}</span> : <VisuallyHidden>{F.guaranteedTooltip}</VisuallyHidden>}
    </span>
  );
}
