/**
 * Theme of docs/product.md §11: primary orange #FD7F55, secondary pink #FC5165, breakpoints
 * xs 320, sm 880, md 1024, lg 1280, xl 1920 (in em for Mantine: px / 16). Jost stands in
 * for Futura (docs/architecture.md §1.4).
 */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { MESSAGING_TEXTS } from '@creadefi/domain';

const orange: MantineColorsTuple = ['#fff1ec', '#ffe1d6', '#ffc2ab', '#fea07c', '#fd8a5f', '#fd7f55', '#e4673f', '#c95534', '#b0482b', '#953b22'];
const pink: MantineColorsTuple = ['#ffeef0', '#ffd9de', '#ffb1bb', '#fe8695', '#fd6477', '#fc5165', '#e23a4f', '#c72d42', '#b02338', '#97182c'];
/** Text and surfaces: a warm navy rather than pure black, so the coral accents stay soft. */
const ink: MantineColorsTuple = ['#f5f5f9', '#e9e9f0', '#d0d1dd', '#b3b5c7', '#8d90a6', '#6b6f86', '#52566b', '#3b3f53', '#2a2d40', '#1f2233'];

/** Jost once the page may use it, a system face sized to it until then (global.css, web-fonts.ts). */
const fontFamily = 'var(--cd-font-family)';

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 5,
  colors: { orange, pink, ink },
  black: '#1f2233',
  fontFamily,
  headings: {
    fontFamily,
    fontWeight: '600',
    sizes: {
      h1: { fontSize: 'clamp(2rem, 1.4rem + 2.6vw, 3.4rem)', lineHeight: '1.1' },
      h2: { fontSize: 'clamp(1.6rem, 1.25rem + 1.5vw, 2.4rem)', lineHeight: '1.2' },
      h3: { fontSize: '1.25rem', lineHeight: '1.3' },
    },
  },
  breakpoints: { xs: '20em', sm: '55em', md: '64em', lg: '80em', xl: '120em' },
  defaultRadius: 'md',
  radius: { md: '10px', lg: '16px', xl: '24px' },
  defaultGradient: { from: 'orange.5', to: 'pink.5', deg: 135 },
  cursorType: 'pointer',
  focusRing: 'auto',
  shadows: {
    xs: '0 1px 2px rgba(31, 34, 51, 0.06)',
    sm: '0 2px 8px rgba(31, 34, 51, 0.06), 0 1px 2px rgba(31, 34, 51, 0.04)',
    md: '0 10px 30px -10px rgba(31, 34, 51, 0.16)',
    lg: '0 24px 48px -16px rgba(31, 34, 51, 0.22)',
  },
  components: {
    Button: { defaultProps: { radius: 'xl' }, styles: { label: { fontWeight: 500 } } },
    Container: { defaultProps: { size: 'lg' } },
    TextInput: { defaultProps: { radius: 'md' } },
    Textarea: { defaultProps: { radius: 'md' } },
    // The cross of a dialog or a banner is an icon: without a name a screen reader says « button ».
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': MESSAGING_TEXTS.close } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': MESSAGING_TEXTS.close } } },
  },
});

/**
 * Text colours that reach WCAG AA contrast (4.5:1) on white and on the cream surfaces, where
 * Mantine's defaults fall short: grey hints and descriptions, error texts, links, and the
 * light badges and alerts whose text is too pale on their tint (teal, green, yellow).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c6075',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': '#b0482b',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-green-light-color': '#1f6f30',
    '--mantine-color-yellow-light-color': '#8f4a00',
  },
  dark: {},
});
