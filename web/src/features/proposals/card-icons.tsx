/**
 * The icons of the proposal cards, drawn once per grid. A page holds twelve cards of five action
 * icons each; drawn in full, their paths were a quarter of the page the server sends and sixty
 * more SVG trees for the browser to build and the app to take over. Each card now points to the
 * grid's one copy (`<use>`), which takes the colour of its button.
 */
import { IconArrowsMaximize, IconFlag, IconMessageCircle, IconNote, IconTrophy, IconTrophyFilled } from '@tabler/icons-react';

const ICONS = {
  enlarge: IconArrowsMaximize,
  message: IconMessageCircle,
  winner: IconTrophy,
  winnerFilled: IconTrophyFilled,
  comment: IconNote,
  report: IconFlag,
} as const;

export type CardIconName = keyof typeof ICONS;

// A page holds one grid of proposals, hence one sprite.
const SPRITE = 'proposal-card-icon';

/** The grid's copy of each icon, out of sight and of the reading order. */
export function CardIconSprite() {
  return (
    <svg width="0" height="0" aria-hidden focusable="false" style={{ position: 'absolute' }}>
      {Object.entries(ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`${SPRITE}-${name}`} viewBox="0 0 24 24">
          <Icon size={24} />
        </symbol>
      ))}
    </svg>
  );
}

export function CardIcon({ name, size = 18 }: { name: CardIconName; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden focusable="false">
      <use href={`#${SPRITE}-${name}`} />
    </svg>
  );
}
