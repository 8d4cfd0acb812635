import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../../../app/layout/use-near-viewport';
import { LANDING, TESTIMONIALS } from '@creadefi/domain';
import classes from './Landing.module.css';
import slider from './Slider.module.css';

const TestimonialsCarousel = lazy(() => import('./TestimonialsCarousel'));

/** docs/product.md §11: a carousel of three testimonials with dots (#temoignages). */
export function TestimonialsSection() {
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef, '600px');
  return (
    <section id="temoignages" ref={sectionRef} className={`${classes.section} ${classes.cream}`} aria-labelledby="testimonials-title">
      <div className={classes.container}>
        <div className={classes.head}>
          <p className={classes.eyebrow}>{LANDING.testimonials.eyebrow}</p>
          <h2 id="testimonials-title" className={classes.h2}>
            {LANDING.testimonials.title}
          </h2>
        </div>
        <div className={slider.quotes}>
          {near ? (
            <Suspense fallback={<div className={slider.quotesPlaceholder} />}>
              <TestimonialsCarousel items={TESTIMONIALS} />
            </Suspense>
          ) : (
            <div className={slider.quotesPlaceholder} />
          )}
        </div>
      </div>
    </section>
  );
}
