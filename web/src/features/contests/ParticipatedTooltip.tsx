/** The tooltip of the "already participated" mark on a contest card (ContestCard.tsx). */
import type { ReactElement } from 'react';
import { Tooltip } from '@mantine/core';

export default function ParticipatedTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} withArrow position="left" events={{ hover: true, focus: true, touch: true }}>
      {children}
    </Tooltip>
  );
}
