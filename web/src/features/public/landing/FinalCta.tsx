import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { paths } from '../../../app/paths';
import classes from './Landing.module.css';

/** docs/product.md §11: "a contest set up in under 5 minutes". */
export function FinalCta() {
  return (
    <section className={classes.section} aria-labelledby="cta-title">
      <div className={classes.container}>
        <div className={classes.cta}>
          <div>
            <h2 id="cta-title" className={classes.ctaTitle}>
              Votre concours en ligne en moins de 5&nbsp;minutes
            </h2>
            <p className={classes.ctaText}>Inscrivez-vous, décrivez votre besoin et laissez les talents vous surprendre&nbsp;: il ne vous restera plus qu'à choisir.</p>
          </div>
          <div className={classes.ctaButtons}>
            <Button component={Link} to={paths.signup} size="lg" rightSection={<IconArrowRight size={18} aria-hidden />} className={classes.ctaPrimary}>
              Lancer mon concours
            </Button>
            <Button component={Link} to={paths.faq} size="lg" className={classes.ctaSecondary}>
              Questions fréquentes
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
