/**
 * The frame of the account pages: a centred card with the brand panel beside the form on a
 * wide screen, above it on a phone; and a one-column card for short outcomes.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Box, Button, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconRocket, IconStarFilled, IconUsers } from '@tabler/icons-react';
import { AUTH, LAYOUT } from '@creadefi/domain';
import classes from './AuthShell.module.css';

function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="creadefi-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#FD7F55" />
          <stop offset="1" stopColor="#FC5165" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#fff" />
      <path d="M42 22a14 14 0 1 0 0 20" fill="none" stroke="url(#creadefi-mark)" strokeWidth="7" strokeLinecap="round" />
    </svg>
  );
}

// The landing page's promises (docs/product.md §11), repeated where a visitor decides to join.
const POINTS = [IconBulb, IconRocket, IconUsers].map((icon, i) => ({ icon, text: AUTH.screens.brandPoints[i]! }));

export function AuthShell({ brandTitle, children }: { brandTitle: string; children: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Box className={classes.card}>
        <Box className={classes.brand}>
          <div>
            <Link to="/" className={classes.logo} aria-label={LAYOUT.homeLink}>
              <BrandMark />
              {LAYOUT.brand}
            </Link>
            <Text component="p" className={classes.brandTitle}>
              {brandTitle}
            </Text>
            <Text component="p" className={classes.tagline}>
              {AUTH.brandTagline}
            </Text>
          </div>
          {/* The landing's testimonial figure (docs/product.md §11). */}
          <figure className={classes.highlight}>
            <div className={classes.stars} role="img" aria-label={AUTH.screens.rating}>
              {[1, 2, 3, 4, 5].map((n) => (
                <IconStarFilled key={n} size={16} aria-hidden />
              ))}
            </div>
            <Text component="p" fz={26} fw={600} lh={1.1}>
              {AUTH.screens.highlightFigure}
            </Text>
            <Text component="p" fz={15} mt={4} style={{ opacity: 0.92 }}>
              {AUTH.screens.highlightText}
            </Text>
          </figure>
          <ul className={classes.points}>
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className={classes.point}>
                <span className={classes.pointIcon}>
                  <Icon size={18} stroke={1.8} aria-hidden />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </Box>
        <Box className={classes.body}>{children}</Box>
      </Box>
    </Box>
  );
}

/** A short outcome: coloured band, round icon, title, text and actions. */
export function OutcomeCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Box className={classes.simple}>
        <div className={classes.simpleBand} />
        <div className={classes.simpleIcon}>{icon}</div>
        <Box className={classes.simpleBody}>
          <Title order={1} fz={{ base: 24, sm: 28 }} mb="sm">
            {title}
          </Title>
          {children}
        </Box>
      </Box>
    </Box>
  );
}

/** A link that did its work: the outcome and the way in, « Se connecter ». */
export function SignInOutcome({ icon, title, message, onSignIn }: { icon: ReactNode; title: string; message: string; onSignIn: () => void }) {
  const gradient = { from: 'orange', to: 'pink', deg: 135 };
  return (
    <OutcomeCard
      title={title}
      icon={
        <ThemeIcon size={56} radius="xl" variant="gradient" gradient={gradient}>
          {icon}
        </ThemeIcon>
      }
    >
      <Text size="lg">{message}</Text>
      <Button mt="xl" size="md" variant="gradient" gradient={gradient} onClick={onSignIn}>
        {AUTH.screens.signInButton}
      </Button>
    </OutcomeCard>
  );
}
