/**
 * Plays a sound proposal's marked preview over its waveform: play / pause, and a click or the
 * arrow keys on the waveform to move in it. Loaded on demand (LazyWaveformPlayer): pages
 * without sound never download it.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ActionIcon, Center, Group, Loader, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { PREVIEWS } from '@creadefi/domain';
import { useAuthorisedImage } from '../use-authorised-image';
import { WaveformBars } from './WaveformBars';

const PV = PREVIEWS;

export interface WaveformPlayerProps {
  /** The preview's API path (`/api/files/12/preview`). */
  src: string;
  peaks: readonly number[];
  label: string;
  height?: number;
}

function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export default function WaveformPlayer({ src, peaks, label, height = 64 }: WaveformPlayerProps) {
  const media = useAuthorisedImage(src);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  useEffect(() => {
    const element = audio.current;
    return () => element?.pause();
  }, [media.src]);

  if (media.status !== 'ready') {
    return <Center h={height}>{media.status === 'error' ? <Text c="dimmed" fz="sm">{PV.failed}</Text> : <Loader color="orange" type="dots" />}</Center>;
  }

  const seekTo = (fraction: number) => {
    const element = audio.current;
    if (!element || !duration) return;
    element.currentTime = Math.min(duration, Math.max(0, fraction * duration));
    setTime(element.currentTime);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seekTo((event.clientX - box.left) / box.width);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -5, ArrowRight: 5, Home: -Infinity, End: Infinity }[event.key];
    if (step === undefined || !duration) return;
    event.preventDefault();
    seekTo((time + step) / duration);
  };
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  return (
    <Group gap="sm" wrap="nowrap" w="100%" data-testid="waveform-player">
      <ActionIcon variant="gradient" radius="xl" size={44} onClick={toggle} aria-label={playing ? PV.pause : `${PV.play} ${label}`}>
        {playing ? <IconPlayerPauseFilled size={20} /> : <IconPlayerPlayFilled size={20} />}
      </ActionIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div
          role="slider"
          tabIndex={0}
          aria-label={PV.seek}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(time)}
          aria-valuetext={`${clock(time)} / ${clock(duration)}`}
          onClick={onClick}
          onKeyDown={onKey}
          style={{ cursor: 'pointer' }}
        >
          <WaveformBars peaks={peaks} progress={duration ? time / duration : 0} height={height} />
        </div>
        <Text fz="xs" c="dimmed" mt={2}>
          {clock(time)} / {clock(duration)}
        </Text>
      </div>
      <audio
        ref={audio}
        src={media.src}
        preload="metadata"
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
    </Group>
  );
}
