import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { IconQuote, IconStarFilled } from '@tabler/icons-react';
import { LANDING, TESTIMONIALS } from '@creadefi/domain';
import slider from './Slider.module.css';

type Testimonial = (typeof TESTIMONIALS)[number];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
}

export default function TestimonialsCarousel({ items }: { items: readonly Testimonial[] }) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);

  const onSelect = useCallback((api: NonNullable<typeof embla>) => setSelected(api.selectedScrollSnap()), []);
  useEffect(() => {
    if (!embla) return;
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla, onSelect]);

  return (
    <div role="region" aria-roledescription={LANDING.testimonials.carouselKind} aria-label={LANDING.testimonials.carousel}>
      <div className={slider.quoteViewport} ref={viewportRef}>
        {/* Slides are groups (the carousel pattern), not list items: a list may hold list items only. */}
        <div className={slider.quoteContainer}>
          {items.map((item, i) => (
            <div
              key={item.name}
              className={slider.quoteSlide}
              role="group"
              aria-roledescription={LANDING.testimonials.slideKind}
              aria-label={LANDING.testimonials.slide(i + 1, items.length)}
              aria-hidden={i !== selected || undefined}
            >
              <figure className={slider.quoteCard}>
                <span className={slider.quoteMark} aria-hidden="true">
                  <IconQuote size={26} />
                </span>
                <blockquote className={slider.quoteText}>«&nbsp;{item.quote}&nbsp;»</blockquote>
                <div className={slider.quoteStars} role="img" aria-label={LANDING.testimonials.rating}>
                  {[0, 1, 2, 3, 4].map((star) => (
                    <IconStarFilled key={star} size={18} aria-hidden />
                  ))}
                </div>
                <figcaption className={slider.quoteAuthor}>
                  <span className={slider.quoteAvatar} aria-hidden="true">
                    {initials(item.name)}
                  </span>
                  <span>
                    <cite className={slider.quoteName}>{item.name}</cite>
                    <span className={slider.quoteRole}>{item.role}</span>
                  </span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className={slider.dots}>
        {items.map((item, i) => (
          <button
            key={item.name}
            type="button"
            className={slider.dot}
            aria-label={LANDING.testimonials.show(i + 1, items.length)}
            aria-current={i === selected}
            onClick={() => embla?.scrollTo(i)}
          />
        ))}
      </div>
    </div>
  );
}
