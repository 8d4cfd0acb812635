import { Center, Loader } from '@mantine/core';

/** Shown while a page's data or the signed-in profile loads. */
export function PageLoader() {
  return (
    <Center mih="60vh" role="status" aria-label="Chargement">
      <Loader color="orange" type="dots" size="lg" />
    </Center>
  );
}
