/** FAQ of docs/product.md §11: two sections of questions; the texts live in domain (FAQ). */
import { Link } from 'react-router';
import { Accordion, Button } from '@mantine/core';
import { IconBriefcase, IconMessageCircle, IconPalette, IconPlus } from '@tabler/icons-react';
import { FAQ, LANDING } from '@creadefi/domain';
import { PageHero } from '../../ui/PageHero';
import classes from './FaqPage.module.css';

const SECTION_ICONS = { organisateur: IconBriefcase, participant: IconPalette } as const;

export default function FaqPage() {
  return (
    <>
      <PageHero eyebrow={LANDING.faq.eyebrow} title={LANDING.faq.title} lead={LANDING.faq.lead}>
        <nav className={classes.jump} aria-label={LANDING.faq.sections}>
          {FAQ.map((section) => {
            const Icon = SECTION_ICONS[section.id];
            return (
              <a key={section.id} href={`#${section.id}`} className={classes.jumpLink}>
                <Icon size={18} stroke={1.7} aria-hidden />
                {section.title}
              </a>
            );
          })}
        </nav>
      </PageHero>

      <div className={classes.body}>
        {FAQ.map((section) => {
          const Icon = SECTION_ICONS[section.id];
          return (
            <section key={section.id} id={section.id} className={classes.section} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className={classes.sectionTitle}>
                <span className={classes.sectionIcon}>
                  <Icon size={22} stroke={1.7} aria-hidden />
                </span>
                {section.title}
              </h2>
              <Accordion
                variant="separated"
                radius="lg"
                order={3}
                chevron={<IconPlus size={18} aria-hidden />}
                classNames={{ item: classes.item, control: classes.control, label: classes.label, chevron: classes.chevron, content: classes.content }}
              >
                {section.entries.map((entry) => (
                  <Accordion.Item key={entry.id} value={String(entry.id)}>
                    <Accordion.Control>{entry.title}</Accordion.Control>
                    <Accordion.Panel>
                      {entry.details.split('\n\n').map((paragraph) => (
                        <p key={paragraph} className={classes.paragraph}>
                          {paragraph}
                        </p>
                      ))}
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </section>
          );
        })}

        <aside className={classes.more} aria-labelledby="faq-more">
          <span className={classes.moreIcon}>
            <IconMessageCircle size={26} stroke={1.6} aria-hidden />
          </span>
          <div>
            <h2 id="faq-more" className={classes.moreTitle}>
              {LANDING.faq.moreTitle}
            </h2>
            <p className={classes.moreText}>{LANDING.faq.moreText}</p>
          </div>
          <Button component={Link} to="#contact" variant="white" className={classes.moreButton}>
            {LANDING.faq.write}
          </Button>
        </aside>
      </div>
    </>
  );
}
