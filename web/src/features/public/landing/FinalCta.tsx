import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { paths } from '../../../app/paths';
import classes from './Landing.module.css';
import { LANDING } from '@creadefi/domain';

/** docs/product.md §11: "a contest set up in under 5 minutes". */
export function FinalCta() {
  return (
    <section className={classes.section} aria-labelledby="cta-title">
      <div className={classes.container}>
        <div className={classes.cta}>
          <div>
            <h2 id="cta-title" className={classes.ctaTitle}>
              {LANDING.finalCta.title}
            </h2>
            <p className={classes.ctaText}>{LANDING.finalCta.text}</p>
          </div>
          <div className={classes.ctaButtons}>
            <Button component={Link} to={paths.signup} size="lg" rightSection={<IconArrowRight size={18} aria-hidden />} className={classes.ctaPrimary}>
              {LANDING.finalCta.launch}
            </Button>
            <Button component={Link} to={paths.faq} size="lg" className={classes.ctaSecondary}>
              {LANDING.finalCta.faq}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
