import { useEffect } from 'react';
import { Link } from 'react-router';
import useEmblaCarousel from 'embla-carousel-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { IconArrowRight } from '@tabler/icons-react';
import { FEATURED_SLIDER, LANDING, findCategory, findSubCategory, formatEuros } from '@creadefi/domain';
import { paths } from '../../../app/paths';
import { useSession } from '../../../app/session';
import { useSignInModal } from '../../../app/sign-in-modal-state';
import slider from './Slider.module.css';

type Featured = (typeof FEATURED_SLIDER)[number];

/**
 * Cards of one category would otherwise repeat its picture side by side; these sub-categories
 * have their own (by sub-category id). The others show their category's illustration.
 */
const OWN_ART: Record<number, string> = {
  6: 'featured/brochure',
  30: 'featured/banniere',
  33: 'featured/nom-de-boite',
  38: 'featured/traduction',
  54: 'featured/mixage',
};

function CardContent({ item, categoryTitle, categorySlug }: { item: Featured; categoryTitle: string; categorySlug: string }) {
  const art = OWN_ART[item.idSubCategory] ?? categorySlug;
  return (
    <>
      <span className={slider.cardArt}>
        <img src={`/illustrations/${art}.svg`} alt="" width={400} height={260} loading="lazy" decoding="async" />
      </span>
      <span className={slider.cardBody}>
        <span className={slider.cardCategory}>{categoryTitle}</span>
        <span className={slider.cardTitle}>{item.title}</span>
        <span className={slider.cardFoot}>
          <span className={slider.cardPrice}>{LANDING.categories.priceFrom(formatEuros(item.priceCents))}</span>
          <span className={slider.cardGo} aria-hidden="true">
            <IconArrowRight size={18} />
          </span>
        </span>
      </span>
    </>
  );
}

/** The sliding cards: 1 to 4 visible depending on the width (breakpoints of docs/product.md §11 in Slider.module.css). */
export default function CategorySliderTrack({ items, onApi }: { items: readonly Featured[]; onApi(api: EmblaCarouselType): void }) {
  const { status } = useSession();
  const signIn = useSignInModal();
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps', slidesToScroll: 1 });

  useEffect(() => {
    if (embla) onApi(embla);
  }, [embla, onApi]);

  return (
    <div className={slider.viewport} ref={viewportRef}>
      <ul className={slider.container}>
        {items.map((item) => {
          const category = findCategory(item.idCategory)!;
          const sub = findSubCategory(item.idSubCategory);
          const content = <CardContent item={item} categoryTitle={category.title} categorySlug={category.slug} />;
          return (
            <li key={item.idSubCategory} className={slider.slide}>
              {status === 'user' ? (
                <Link to={paths.listing(category.slug, sub?.slug)} state={{ idSubCategory: item.idSubCategory }} className={slider.card}>
                  {content}
                </Link>
              ) : (
                // Visitors are asked to sign in before they can browse contests (docs/product.md §1).
                <button type="button" className={slider.card} onClick={() => signIn.open()} aria-haspopup="dialog">
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
