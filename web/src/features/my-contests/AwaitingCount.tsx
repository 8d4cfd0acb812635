/**
 * How many proposals of a contest await the organiser's answer, neither starred nor
 * commented (docs/product.md §2): a link to them, shown while the organiser judges.
 */
import { Link } from 'react-router';
import { Badge } from '@mantine/core';
import { type MyContestRow, FEEDBACK } from '@creadefi/domain';
import { paths } from '../../app/paths';

export function AwaitingCount({ row }: { row: Pick<MyContestRow, 'idConcours' | 'awaiting'> }) {
  if (!row.awaiting) return null;
  return (
    <Badge component={Link} to={paths.proposals(row.idConcours)} color="orange" variant="light" size="sm" radius="sm" mt={6} style={{ cursor: 'pointer', textTransform: 'none' }} data-testid="awaiting-count">
      {FEEDBACK.awaitingBadge(row.awaiting)}
    </Badge>
  );
}
