/**
 * What a dialog shows while its form's code arrives (a form loaded on the dialog's first
 * opening, with its validation): about the form's height, so that the dialog does not jump.
 */
import { Center, Loader } from '@mantine/core';
import { LAYOUT } from '@creadefi/domain';

export function DialogLoading({ height }: { height: number }) {
  return (
    <Center mih={height} role="status" aria-label={LAYOUT.loading}>
      <Loader color="orange" size="sm" />
    </Center>
  );
}
