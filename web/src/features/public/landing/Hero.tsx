import { Link, useLocation } from 'react-router';
import { Button } from '@mantine/core';
import { IconArrowDown, IconLock, IconRosetteDiscountCheck, IconSparkles } from '@tabler/icons-react';
import { HEADLINE_WORDS, LANDING } from '@creadefi/domain';
import { paths } from '../../../app/paths';
import { scrollToAnchor } from '../../../app/layout/nav';
import { HeadlineRotator } from './HeadlineRotator';
import { HeroIllustration } from './HeroIllustration';
import classes from './Hero.module.css';

/** Mid-sentence the catalogue's words read in lower case: "Besoin d'un montage vidéo ?". */
const WORDS = HEADLINE_WORDS.map((word) => `${word.toLocaleLowerCase('fr-FR')}\u00a0?`);

export function Hero() {
  const { pathname, hash } = useLocation();
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.glow} aria-hidden="true" />
      <div className={classes.inner}>
        <div className={classes.copy}>
          <p className={classes.eyebrow}>
            <IconSparkles size={16} aria-hidden />
            {LANDING.hero.eyebrow}
          </p>
          <h1 id="hero-title" className={classes.title}>
            <span className={classes.titleLead}>{LANDING.hero.titleLead}</span>
            <span className={classes.srOnly}>{HEADLINE_WORDS.map((w) => w.toLocaleLowerCase('fr-FR')).join(', ')}&nbsp;?</span>
            <HeadlineRotator words={WORDS} />
          </h1>
          <p className={classes.subtitle}>
            {LANDING.hero.subtitle}
          </p>
          <div className={classes.ctas}>
            <Button component={Link} to={paths.signup} size="lg" className={classes.primaryCta}>
              {LANDING.hero.signUp}
            </Button>
            <Button
              component={Link}
              to="/#concept"
              size="lg"
              variant="default"
              rightSection={<IconArrowDown size={18} aria-hidden />}
              className={classes.secondaryCta}
              onClick={(event) => scrollToAnchor(event, '/#concept', pathname, hash)}
            >
              {LANDING.hero.discover}
            </Button>
          </div>
          <ul className={classes.trust}>
            <li>
              <IconRosetteDiscountCheck size={20} stroke={1.7} aria-hidden />
              {LANDING.hero.trust[0]}
            </li>
            <li>
              <IconLock size={20} stroke={1.7} aria-hidden />
              {LANDING.hero.trust[1]}
            </li>
            <li>
              <IconSparkles size={20} stroke={1.7} aria-hidden />
              {LANDING.hero.trust[2]}
            </li>
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
