import type { FormEvent, ReactNode } from 'react';
import { Box, Text, Title } from '@mantine/core';
import classes from './wizard.module.css';

interface StepFrameProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Buttons at the foot of the card (Back on the left, the next step on the right). */
  actions?: ReactNode;
  /** The recap beside the card on wide screens, below it on narrow ones. */
  aside?: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Use the whole width (the catalogue grid of step 1). */
  wide?: boolean;
  /** On narrow screens the recap comes before the card (payment: read, then pay). */
  asideFirstOnMobile?: boolean;
}

/** One step's card: its title, its content and its buttons. */
export function StepFrame({ title, intro, children, actions, aside, onSubmit, wide, asideFirstOnMobile }: StepFrameProps) {
  const content = (
    <>
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      {intro && <Text className={classes.intro}>{intro}</Text>}
      <div className={classes.body}>{children}</div>
      {actions && <div className={classes.actions}>{actions}</div>}
    </>
  );
  return (
    <div className={[classes.layout, aside ? '' : classes.layoutSingle, wide ? classes.layoutWide : ''].join(' ')}>
      {onSubmit ? (
        <Box component="form" className={classes.card} onSubmit={onSubmit} noValidate>
          {content}
        </Box>
      ) : (
        <Box component="section" className={classes.card}>
          {content}
        </Box>
      )}
      {aside && <aside className={`${classes.aside} ${asideFirstOnMobile ? classes.asideFirst : ''}`}>{aside}</aside>}
    </div>
  );
}
