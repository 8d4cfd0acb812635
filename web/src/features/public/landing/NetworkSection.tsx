import { useRef } from 'react';
import { useNearViewport } from '../../../app/layout/use-near-viewport';
import { LANDING, NETWORK_FIGURES, TALENT_ROLES } from '@creadefi/domain';
import { useCountUp } from './use-count-up';
import classes from './Landing.module.css';

function Figure({ value, suffix, label, start }: { value: number; suffix: string; label: string; start: boolean }) {
  const shown = useCountUp(value, start);
  return (
    <div className={classes.figure}>
      {/* The animated number is for the eye; assistive technologies read the final figure once. */}
      <dt className={classes.figureLabel}>{label}</dt>
      <dd className={classes.figureNumber}>
        <span className={classes.figureValue} aria-hidden="true">
          {shown}
          {suffix}
        </span>
        <span className="cd-sr-only">
          {suffix === '+' ? LANDING.network.moreThan(value) : value}
        </span>
      </dd>
    </div>
  );
}

/** docs/product.md §11: the network of talents, with counters that run when they come into view. */
export function NetworkSection() {
  const figuresRef = useRef<HTMLDListElement>(null);
  // A zero margin: the counting must be seen, not happen off screen.
  const visible = useNearViewport(figuresRef, '0px');
  return (
    <section className={`${classes.section} ${classes.network}`} aria-labelledby="network-title">
      <div className={`${classes.container} ${classes.networkGrid}`}>
        <div>
          <p className={classes.eyebrow}>{LANDING.network.eyebrow}</p>
          <h2 id="network-title" className={classes.h2}>
            {LANDING.network.title}
          </h2>
          <p className={classes.lead}>
            {LANDING.network.lead}
          </p>
          <ul className={classes.roles} aria-label={LANDING.network.roles}>
            {TALENT_ROLES.map((role) => (
              <li key={role}>{role}</li>
            ))}
          </ul>
        </div>
        <dl className={classes.figures} ref={figuresRef}>
          {NETWORK_FIGURES.map((figure) => (
            <Figure key={figure.label} {...figure} start={visible} />
          ))}
        </dl>
      </div>
    </section>
  );
}
