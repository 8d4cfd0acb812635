import { IconBulb, IconHeartHandshake, IconShieldCheck, IconTrophy } from '@tabler/icons-react';
import { CONCEPT_STEPS, LANDING } from '@creadefi/domain';
import classes from './Landing.module.css';

const ICONS = [IconBulb, IconTrophy, IconHeartHandshake, IconShieldCheck];

/** docs/product.md §11: the concept in four steps: an idea, a contest, a choice, a commitment. */
export function ConceptSection() {
  return (
    <section id="concept" className={classes.section} aria-labelledby="concept-title">
      <div className={classes.container}>
        <div className={classes.head}>
          <p className={classes.eyebrow}>{LANDING.concept.eyebrow}</p>
          <h2 id="concept-title" className={classes.h2}>
            {LANDING.concept.title}
          </h2>
          <p className={classes.lead}>{LANDING.concept.lead}</p>
        </div>
        <ol className={classes.steps}>
          {CONCEPT_STEPS.map((step, i) => {
            const Icon = ICONS[i]!;
            return (
              <li key={step.title} className={classes.step}>
                <div className={classes.stepTop}>
                  <span className={classes.stepIcon}>
                    <Icon size={26} stroke={1.7} aria-hidden />
                  </span>
                  <span className={classes.stepNumber} aria-hidden="true">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                </div>
                <h3 className={classes.stepTitle}>{step.title}</h3>
                <p className={classes.stepText}>{step.text}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
