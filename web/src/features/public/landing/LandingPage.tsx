/** The visitor's home (docs/product.md §11): hero, concept, featured categories, network, commitments, testimonials, call to action. */
import { CategorySlider } from './CategorySlider';
import { ConceptSection } from './ConceptSection';
import { EngagementsSection } from './EngagementsSection';
import { FinalCta } from './FinalCta';
import { Hero } from './Hero';
import { NetworkSection } from './NetworkSection';
import { TestimonialsSection } from './TestimonialsSection';

export function LandingPage() {
  return (
    <>
      <Hero />
      <ConceptSection />
      <CategorySlider />
      <NetworkSection />
      <EngagementsSection />
      <TestimonialsSection />
      <FinalCta />
    </>
  );
}
