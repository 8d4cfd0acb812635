/**
 * Frame of the creation wizard: the progress header and the page of the current step.
 * Creating a contest needs the payment-provider ids; without them the organiser is sent to
 * the status page first (docs/product.md §1), and comes back here once it is filled; without a pseudo
 * and a name, to the profile, which says what is missing.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { Container, Stepper } from '@mantine/core';
import { hasEssentialInfo, CONTESTS, WIZARD } from '@creadefi/domain';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
import classes from './wizard.module.css';

const STEPS = WIZARD.steps;

function stepFromPath(pathname: string): number {
  const match = /etape(\d)/.exec(pathname);
  const n = match ? Number(match[1]) : 1;
  return Math.min(Math.max(n, 1), STEPS.length);
}

export default function WizardShell() {
  const { user } = useSession();
  const location = useLocation();
  const step = stepFromPath(location.pathname);

  if (!user?.ownerId || !user.payerId) {
    return (
      <Navigate
        to={paths.status}
        replace
        state={{ warning: CONTESTS.statusRequired, from: { pathname: location.pathname, state: location.state } }}
      />
    );
  }

  if (!hasEssentialInfo(user)) return <Navigate to={paths.profile} replace state={{ missingInfo: true }} />;

  const current = STEPS[step - 1]!;
  return (
    <div className={classes.page}>
      <Container size="lg">
        <div className={classes.progress}>
          <div className={classes.kicker}>{WIZARD.kicker}</div>
          <nav aria-label={WIZARD.progress} className={classes.stepper}>
            <Stepper active={step - 1} size="sm" color="orange" allowNextStepsSelect={false} classNames={{ stepBody: classes.stepBody }}>
              {STEPS.map((s) => (
                <Stepper.Step key={s.label} label={s.label} description={s.description} />
              ))}
            </Stepper>
            <div className={classes.mobileStep} aria-hidden>
              {WIZARD.stepOf(step, STEPS.length, current.label)}
            </div>
          </nav>
        </div>
        <Outlet />
      </Container>
    </div>
  );
}
