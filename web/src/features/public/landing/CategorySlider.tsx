/**
 * The featured categories of docs/product.md §11 (#sliderCategorie). The section and its arrows are
 * part of the page; the sliding track is loaded when the section comes near the screen.
 * docs/product.md §11: back to the first card 2 s after the mouse leaves the slider.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { FEATURED_SLIDER, LANDING } from '@creadefi/domain';
import { useNearViewport } from '../../../app/layout/use-near-viewport';
import classes from './Landing.module.css';
import slider from './Slider.module.css';

const CategorySliderTrack = lazy(() => import('./CategorySliderTrack'));

const RESET_AFTER_MS = 2000;

function TrackPlaceholder() {
  return (
    <div className={slider.placeholder} aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={slider.placeholderCard} />
      ))}
    </div>
  );
}

export function CategorySlider() {
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef, '600px');
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [edges, setEdges] = useState({ prev: false, next: true });
  const resetTimer = useRef<number | undefined>(undefined);

  const onApi = useCallback((api: EmblaCarouselType) => {
    setEmbla(api);
    const update = () => setEdges({ prev: api.canScrollPrev(), next: api.canScrollNext() });
    update();
    api.on('select', update).on('reInit', update);
  }, []);

  const cancelReset = () => window.clearTimeout(resetTimer.current);
  const scheduleReset = () => {
    cancelReset();
    resetTimer.current = window.setTimeout(() => {
      // Someone moving through the cards with the keyboard keeps their place.
      if (sectionRef.current?.contains(document.activeElement)) return;
      embla?.scrollTo(0);
    }, RESET_AFTER_MS);
  };
  useEffect(() => cancelReset, []);

  return (
    <section id="sliderCategorie" ref={sectionRef} className={`${classes.section} ${classes.cream}`} aria-labelledby="slider-title" onMouseEnter={cancelReset} onMouseLeave={scheduleReset}>
      <div className={classes.container}>
        <div className={classes.headRow}>
          <div className={classes.head}>
            <p className={classes.eyebrow}>{LANDING.categories.eyebrow}</p>
            <h2 id="slider-title" className={classes.h2}>
              {LANDING.categories.title}
            </h2>
            <p className={classes.lead}>{LANDING.categories.lead}</p>
          </div>
          <div className={slider.arrows}>
            <ActionIcon size={48} radius="xl" variant="default" className={slider.arrow} aria-label={LANDING.categories.previous} disabled={!embla || !edges.prev} onClick={() => embla?.scrollPrev()}>
              <IconChevronLeft size={22} aria-hidden />
            </ActionIcon>
            <ActionIcon size={48} radius="xl" variant="default" className={slider.arrow} aria-label={LANDING.categories.next} disabled={!embla || !edges.next} onClick={() => embla?.scrollNext()}>
              <IconChevronRight size={22} aria-hidden />
            </ActionIcon>
          </div>
        </div>
        {near ? (
          <Suspense fallback={<TrackPlaceholder />}>
            <CategorySliderTrack items={FEATURED_SLIDER} onApi={onApi} />
          </Suspense>
        ) : (
          <TrackPlaceholder />
        )}
      </div>
    </section>
  );
}
