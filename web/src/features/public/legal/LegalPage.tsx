/**
 * Layout of the legal documents: a title band, a table of contents (a sticky column on wide
 * screens, a folding list on phones) and numbered sections with readable line lengths.
 */
import { useMediaQuery } from '@mantine/hooks';
import type { LegalDocument } from '@creadefi/domain';
import { PageHero } from '../../../ui/PageHero';
import { LegalBlocks } from './LegalBlocks';
import { useHydrated } from '../../../app/hydration';
import classes from './Legal.module.css';
import { LEGAL } from '@creadefi/domain/legal';

type LegalSection = LegalDocument['sections'][number];

interface LegalPageProps {
  eyebrow: string;
  title: string;
  updated: string;
  document: LegalDocument;
}

function Contents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <ol className={classes.tocList}>
      {sections.map((section, i) => (
        <li key={section.id}>
          <a href={`#${section.id}`} className={classes.tocLink}>
            <span className={classes.tocNumber}>{i + 1}.</span>
            {section.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

export function LegalPage({ eyebrow, title, updated, document }: LegalPageProps) {
  const { intro, sections } = document;
  // Beside the text the contents stay open; above it, on narrow screens, they start folded.
  // The page drawn at build time has them open: taking it over starts from there, then folds.
  const hydrated = useHydrated();
  const wide = useMediaQuery('(min-width: 64em)', true, { getInitialValueInEffect: !hydrated });
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} lead={LEGAL.updated(updated)} />
      <div className={classes.layout}>
        <nav className={classes.toc} aria-labelledby="toc-title">
          <details className={classes.tocFold} open={wide} key={wide ? 'wide' : 'narrow'}>
            <summary id="toc-title" className={classes.tocTitle} onClick={(event) => wide && event.preventDefault()}>
              {LEGAL.contents}
            </summary>
            <Contents sections={sections} />
          </details>
        </nav>
        <article className={classes.article}>
          <div className={classes.intro}>
            <LegalBlocks blocks={intro} />
          </div>
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} className={classes.section} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className={classes.h2}>
                <span className={classes.number}>{i + 1}.</span> {section.title}
              </h2>
              <LegalBlocks blocks={section.body} />
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
