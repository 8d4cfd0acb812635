/**
 * The hero's picture: a contest board as the product shows it, drawn with markup and inline
 * SVG rather than an image file, so it stays sharp, light and in the brand colours.
 */
import { IconCheck, IconStarFilled, IconTrophy } from '@tabler/icons-react';
import classes from './HeroIllustration.module.css';
import { LANDING } from '@creadefi/domain';

function Flame() {
  return (
    <svg viewBox="0 0 64 64">
      <defs>
        <linearGradient id="hero-flame" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FD7F55" />
          <stop offset="1" stopColor="#FC5165" />
        </linearGradient>
      </defs>
      <path d="M32 8c7 9 15 15 15 27a15 15 0 0 1-30 0c0-7 4-12 8-16 1 5 3 8 7 9-2-7-2-13 0-20z" fill="url(#hero-flame)" />
      <path d="M32 36c3 3 6 5 6 9a6 6 0 0 1-12 0c0-3 2-6 6-9z" fill="#fff" opacity="0.9" />
    </svg>
  );
}

function Monogram() {
  return (
    <svg viewBox="0 0 64 64">
      <circle cx="32" cy="32" r="22" fill="#1f2233" />
      <path d="M21 41V24l11 11 11-11v17" fill="none" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Sun() {
  return (
    <svg viewBox="0 0 64 64">
      <circle cx="32" cy="34" r="11" fill="#FFB547" />
      {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
        <rect key={angle} x="30.5" y="10" width="3" height="8" rx="1.5" fill="#FD7F55" transform={`rotate(${angle} 32 34)`} />
      ))}
    </svg>
  );
}

function Candle() {
  return (
    <svg viewBox="0 0 64 64">
      <rect x="22" y="28" width="20" height="26" rx="4" fill="#FC5165" />
      <rect x="22" y="28" width="20" height="6" rx="3" fill="#fe8695" />
      <path d="M32 10c3 4 6 7 6 11a6 6 0 0 1-12 0c0-4 3-7 6-11z" fill="#FFB547" />
    </svg>
  );
}

function Leaf() {
  return (
    <svg viewBox="0 0 64 64">
      <path d="M14 48C14 26 28 14 50 14c0 22-12 36-34 34z" fill="#20A39E" />
      <path d="M18 46 40 24" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function Arches() {
  return (
    <svg viewBox="0 0 64 64">
      <path d="M12 50V34a20 20 0 0 1 40 0v16" fill="none" stroke="#7B61FF" strokeWidth="6" strokeLinecap="round" />
      <path d="M22 50V36a10 10 0 0 1 20 0v14" fill="none" stroke="#B6A8FF" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

const TILES = [Flame, Monogram, Sun, Candle, Leaf, Arches];

export function HeroIllustration() {
  return (
    <div className={classes.art} aria-hidden="true">
      <div className={classes.board}>
        <div className={classes.boardHead}>
          <div>
            <span className={classes.kicker}>{LANDING.illustration.kicker}</span>
            <span className={classes.boardTitle}>{LANDING.illustration.title}</span>
          </div>
          <span className={classes.price}>{LANDING.illustration.price}</span>
        </div>
        <div className={classes.meta}>
          <span>{LANDING.illustration.proposals}</span>
          <span>{LANDING.illustration.remaining}</span>
        </div>
        <div className={classes.progress}>
          <span />
        </div>
        <div className={classes.tiles}>
          {TILES.map((Tile, i) => (
            <div key={i} className={classes.tile} data-winner={i === 0 || undefined}>
              <Tile />
              {i === 0 && (
                <span className={classes.winner}>
                  <IconTrophy size={13} stroke={2} />
                  {LANDING.illustration.winner}
                </span>
              )}
            </div>
          ))}
        </div>
      </div>

      <div className={`${classes.float} ${classes.floatProposals}`}>
        <span className={classes.avatars}>
          <span style={{ background: '#7B61FF' }}>S</span>
          <span style={{ background: '#20A39E' }}>L</span>
          <span style={{ background: '#FC5165' }}>A</span>
        </span>
        <span>
          <strong>{LANDING.illustration.burst}</strong>
          <small>{LANDING.illustration.burstDelay}</small>
        </span>
      </div>

      <div className={`${classes.float} ${classes.floatRating}`}>
        <span className={classes.stars}>
          {[0, 1, 2, 3, 4].map((i) => (
            <IconStarFilled key={i} size={14} />
          ))}
        </span>
        <small>{LANDING.illustration.favourite}</small>
      </div>

      <div className={`${classes.float} ${classes.floatDone}`}>
        <span className={classes.check}>
          <IconCheck size={16} stroke={3} />
        </span>
        <span>
          <strong>{LANDING.illustration.filesValidated}</strong>
          <small>{LANDING.illustration.talentPaid}</small>
        </span>
      </div>
    </div>
  );
}
