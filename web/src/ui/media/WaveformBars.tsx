/**
 * The peaks of a sound drawn as bars (SVG): the face of a sound proposal and the body of its
 * player. `progress` (0 to 1) colours what was already heard.
 */
import { useMemo } from 'react';

const BARS = 80;

/** The peaks brought to `BARS` bars: the loudest of each group. */
export function barsOf(peaks: readonly number[], bars = BARS): number[] {
  if (peaks.length === 0) return [];
  const out: number[] = [];
  for (let b = 0; b < bars; b++) {
    const from = Math.floor((b * peaks.length) / bars);
    const to = Math.max(from + 1, Math.floor(((b + 1) * peaks.length) / bars));
    out.push(Math.max(...peaks.slice(from, to)));
  }
  return out;
}

export function WaveformBars({ peaks, progress = 0, height = 64 }: { peaks: readonly number[]; progress?: number; height?: number }) {
  const bars = useMemo(() => barsOf(peaks), [peaks]);
  const width = bars.length * 4;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" width="100%" height={height} aria-hidden focusable="false" style={{ display: 'block' }}>
      {bars.map((peak, i) => {
        const h = Math.max(2, peak * (height - 4));
        return <rect key={i} x={i * 4 + 0.5} y={(height - h) / 2} width={3} height={h} rx={1.5} fill={(i + 0.5) / bars.length <= progress ? 'var(--cd-orange, #fd7f55)' : '#c9cbd9'} />;
      })}
    </svg>
  );
}
