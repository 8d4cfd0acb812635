/** The waveform player, fetched only when a sound is on screen. */
import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { WaveformPlayerProps } from './WaveformPlayer';

const WaveformPlayer = lazy(() => import('./WaveformPlayer'));

export function LazyWaveformPlayer(props: WaveformPlayerProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 64}>
          <Loader color="orange" type="dots" />
        </Center>
      }
    >
      <WaveformPlayer {...props} />
    </Suspense>
  );
}
