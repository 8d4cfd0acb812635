import { Center, Loader } from '@mantine/core';
import { LAYOUT } from '@creadefi/domain';

/** Shown while a page's data or the signed-in profile loads. */
export function PageLoader() {
  return (
    <Center mih="60vh" role="status" aria-label={LAYOUT.loading}>
      <Loader color="orange" type="dots" size="lg" />
    </Center>
  );
}
