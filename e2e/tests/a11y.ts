/**
 * Accessibility checks of the journeys: axe-core run in the page against the WCAG 2.1 A and AA
 * rules. A violation of impact « serious » or « critical » fails the test and is printed with
 * its rule, what it asks for and the elements at fault; lesser ones are left to review.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** The page as it is now, checked by axe; `label` names the screen in the failure. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // A dialog or a notice fading in or out has, for a moment, text nearly the colour of its
  // background: the screen is judged once every transition under way has ended (endless
  // animations such as spinners excepted).
  await page.waitForFunction(() => {
    // Runs in the page (this workspace compiles without the DOM's types).
    const { document } = globalThis as unknown as { document: { getAnimations(): { playState: string; effect: { getComputedTiming(): { iterations?: number } } | null }[] } };
    return document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity);
  });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const blocking = violations.filter((violation) => violation.impact && BLOCKING.has(violation.impact));
  const report = blocking.map((violation) =>
    [`[${violation.impact}] ${violation.id} — ${violation.help} (${violation.helpUrl})`, ...violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.html.slice(0, 300)}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)].join('\n'),
  );
  // Soft: a journey goes on and reports every screen at fault, not only the first.
  expect.soft(blocking.length, `accessibilité de « ${label} » :\n${report.join('\n')}`).toBe(0);
}

export const A11Y_DESKTOP = { width: 1280, height: 800 };
export const A11Y_PHONE = { width: 390, height: 844 };

/** The check at desktop width then at phone width, the window left at desktop width. */
export async function expectAccessibleAtBothWidths(page: Page, label: string): Promise<void> {
  for (const [size, suffix] of [[A11Y_DESKTOP, '1280'], [A11Y_PHONE, '390']] as const) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, `${label} (${suffix} px)`);
  }
  await page.setViewportSize(A11Y_DESKTOP);
}
