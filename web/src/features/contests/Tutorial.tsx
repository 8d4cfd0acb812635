/**
 * The first-visit tutorial of docs/product.md §11: three dialogs on how to take part, with the buttons
 * "Suivant", "Suivant", "C'est parti !". Closing one hides them for this visit only; the last
 * button records that the tutorial is done, so it is not shown at the next sign-in.
 */
import { useState } from 'react';
import { Box, Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { IconSearch, IconSend, IconTrophy } from '@tabler/icons-react';
import { CONTESTS, CONTEST_SCREENS } from '@creadefi/domain';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { useSession } from '../../app/session';
import { useFinishTutorial } from './api/finish-tutorial';
import classes from './Tutorial.module.css';

const TUTORIAL_STEPS = [
  {
    icon: IconSearch,
    ...CONTEST_SCREENS.tutorial.steps[0],
  },
  {
    icon: IconSend,
    ...CONTEST_SCREENS.tutorial.steps[1],
  },
  {
    icon: IconTrophy,
    ...CONTEST_SCREENS.tutorial.steps[2],
  },
] as const;

/** A closed tutorial stays closed until the page is reloaded, even when home is opened again. */
let dismissedThisVisit = false;

/** For tests: start again as on a fresh page load. */
export function resetTutorialDismissal(): void {
  dismissedThisVisit = false;
}

export function Tutorial() {
  const { user, refresh } = useSession();
  const finish = useFinishTutorial();
  const [step, setStep] = useState(0);
  const [open, setOpen] = useState(() => Boolean(user?.isFirstTime) && !dismissedThisVisit);

  const close = () => {
    dismissedThisVisit = true;
    setOpen(false);
  };

  const next = () => {
    if (step < TUTORIAL_STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    close();
    finish.mutate(undefined, {
      onSuccess: async (answer) => {
        notifySuccess(answer.message ?? CONTESTS.tutorialDone);
        await refresh();
      },
      onError: notifyError,
    });
  };

  const current = TUTORIAL_STEPS[step]!;
  const Icon = current.icon;

  return (
    <Modal
      opened={open}
      onClose={close}
      centered
      size={460}
      radius="lg"
      padding={0}
      title={current.title}
      classNames={{ header: classes.header, title: classes.title, body: classes.body, close: classes.close }}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
    >
      <div className={classes.band} aria-hidden>
        <ThemeIcon size={76} radius={999} variant="white" className={classes.bandIcon}>
          <Icon size={38} stroke={1.6} color="#fc5165" />
        </ThemeIcon>
      </div>
      <Box px={28} pt={20} pb={24}>
        <Text className={classes.step}>
          {CONTEST_SCREENS.tutorial.step(step + 1, TUTORIAL_STEPS.length)}
        </Text>
        <Text className={classes.text}>{current.text}</Text>
        <Group justify="space-between" mt={28} wrap="nowrap">
          <Group gap={6} aria-hidden>
            {TUTORIAL_STEPS.map((s, i) => (
              <span key={s.title} className={classes.dot} data-active={i === step || undefined} />
            ))}
          </Group>
          <Button variant="gradient" size="md" onClick={next} data-autofocus>
            {current.button}
          </Button>
        </Group>
      </Box>
    </Modal>
  );
}
