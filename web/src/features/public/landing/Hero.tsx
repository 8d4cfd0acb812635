import { Link, useLocation } from 'react-router';
import { Button } from '@mantine/core';
import { IconArrowDown, IconLock, IconRosetteDiscountCheck, IconSparkles } from '@tabler/icons-react';
import { HEADLINE_WORDS } from '@creadefi/domain';
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
            Concours créatifs · Talents freelances
          </p>
          <h1 id="hero-title" className={classes.title}>
            <span className={classes.titleLead}>Besoin d'un</span>
            <span className={classes.srOnly}>{HEADLINE_WORDS.map((w) => w.toLocaleLowerCase('fr-FR')).join(', ')}&nbsp;?</span>
            <HeadlineRotator words={WORDS} />
          </h1>
          <p className={classes.subtitle}>
            Lancez un concours en quelques minutes&nbsp;: des talents freelances vous envoient leurs propositions, vous choisissez celle qui vous ressemble.
          </p>
          <div className={classes.ctas}>
            <Button component={Link} to={paths.signup} size="lg" className={classes.primaryCta}>
              S'inscrire
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
              Découvrir le concept
            </Button>
          </div>
          <ul className={classes.trust}>
            <li>
              <IconRosetteDiscountCheck size={20} stroke={1.7} aria-hidden />
              Satisfait ou remboursé
            </li>
            <li>
              <IconLock size={20} stroke={1.7} aria-hidden />
              Paiement sécurisé
            </li>
            <li>
              <IconSparkles size={20} stroke={1.7} aria-hidden />
              Plus de 50 catégories
            </li>
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
