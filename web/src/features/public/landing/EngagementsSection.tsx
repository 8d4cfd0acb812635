import { IconLock, IconRosetteDiscountCheck, IconUserCheck } from '@tabler/icons-react';
import { useSignInModal } from '../../../app/sign-in-modal-state';
import { COMMITMENTS, LANDING } from '@creadefi/domain';
import classes from './Landing.module.css';

const ICONS = [IconRosetteDiscountCheck, IconUserCheck, IconLock];

/** docs/product.md §11: three commitments, and the line that opens the sign-in modal. */
export function EngagementsSection() {
  const signIn = useSignInModal();
  return (
    <section id="engagements" className={classes.section} aria-labelledby="engagements-title">
      <div className={classes.container}>
        <div className={classes.head}>
          <p className={classes.eyebrow}>{LANDING.engagements.eyebrow}</p>
          <h2 id="engagements-title" className={classes.h2}>
            {LANDING.engagements.title}
          </h2>
          <p className={classes.lead}>{LANDING.engagements.lead}</p>
        </div>
        <ul className={classes.commitments}>
          {COMMITMENTS.map((item, i) => {
            const Icon = ICONS[i]!;
            return (
              <li key={item.title} className={classes.commitment}>
                <span className={classes.commitmentIcon}>
                  <Icon size={28} stroke={1.6} aria-hidden />
                </span>
                <h3 className={classes.commitmentTitle}>{item.title}</h3>
                <p className={classes.commitmentText}>{item.text}</p>
              </li>
            );
          })}
        </ul>
        <p className={classes.signInLine}>
          <button type="button" className={classes.signInLink} onClick={() => signIn.open()} aria-haspopup="dialog">
            {LANDING.engagements.signInQuestion} <strong>{LANDING.engagements.signIn}</strong>
          </button>
        </p>
      </div>
    </section>
  );
}
