import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { theme } from './theme';
import Toasts from './Toasts';
import { notifySuccess } from '../ui/feedback';
import { pixels, setViewportWidth } from '../test/layout';

const HEADER_PX = 72;

function showBanner(width: number) {
  setViewportWidth(width);
  // The values the app's global stylesheet and Mantine's theme give these variables.
  const vars = document.documentElement.style;
  vars.setProperty('--cd-header-height', `${HEADER_PX}px`);
  vars.setProperty('--mantine-spacing-sm', '12px');
  vars.setProperty('--mantine-spacing-md', '16px');
  render(
    <MantineProvider theme={theme} env="test">
      <Toasts />
    </MantineProvider>,
  );
  act(() => notifySuccess('Le concours a bien été mis à jour'));
  const banner = screen.getByText('Le concours a bien été mis à jour');
  const root = banner.closest<HTMLElement>('[data-position]')!;
  return { root, style: getComputedStyle(root) };
}

describe('success and error banners', () => {
  afterEach(() => act(() => notifications.clean()));

  it('on a wide screen start below the header, on its right, never over its links', async () => {
    const { root, style } = showBanner(1280);
    expect(root).toHaveAttribute('data-position', 'top-right');
    expect(pixels(style.top)).toBeGreaterThan(HEADER_PX);
  });

  it('on a phone rise from the bottom, leaving the header and the page title readable', async () => {
    const { root, style } = showBanner(390);
    expect(root).toHaveAttribute('data-position', 'bottom-center');
    expect(pixels(style.bottom)).toBe(16);
    expect(style.top).toBe('');
  });
});
