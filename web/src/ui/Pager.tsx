/**
 * The page numbers under a paged list (proposals, notifications, « Mes concours »): Mantine's
 * pagination in the site's colours, each button named in French for screen readers.
 */
import { Pagination, type PaginationProps } from '@mantine/core';
import { WIDGETS } from '@creadefi/domain';

const P = WIDGETS.pager;

export function Pager(props: PaginationProps) {
  return (
    <Pagination
      color="orange"
      radius="xl"
      getControlProps={(control) => ({ 'aria-label': control === 'previous' ? P.previous : control === 'next' ? P.next : control })}
      getItemProps={(n) => ({ 'aria-label': P.page(n) })}
      {...props}
    />
  );
}
