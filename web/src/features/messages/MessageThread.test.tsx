import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MESSAGING } from '@creadefi/domain';
import { theme } from '../../app/theme';
import { MessageThread } from './MessageThread';
import { pixels, setViewportWidth } from '../../test/layout';
import { buildMessage } from './test-utils';

function showThread(width: number) {
  setViewportWidth(width);
  const now = new Date();
  const messages = Array.from({ length: 12 }, (_, i) => buildMessage({ id: i + 1, message: `Message ${i + 1}`, isMine: i % 2 === 0, createdAt: new Date(now.getTime() - (12 - i) * 60_000).toISOString() }));
  render(
    <MantineProvider theme={theme} env="test">
      <MessageThread messages={messages} counterpart="lea" now={now} />
    </MantineProvider>,
  );
  const thread = screen.getByRole('log', { name: MESSAGING.messagesTab });
  const band = screen.getByText(MESSAGING.today).parentElement!;
  return { thread: getComputedStyle(thread), band: getComputedStyle(band) };
}

describe('the sticky day of a conversation', () => {
  it.each([1280, 390])('at %i px sits on an opaque band as wide as the thread, so the message under it is hidden rather than overlapped', (width) => {
    const { thread, band } = showThread(width);
    expect(band.position).toBe('sticky');
    expect(band.top).toBe('0px');
    // The band is painted with the thread's own background: no message shows through or beside the chip.
    expect(band.backgroundColor).not.toBe('');
    expect(band.backgroundColor).not.toMatch(/transparent|rgba\(.*,\s*0(\.\d+)?\)$/);
    expect(band.backgroundColor).toBe(thread.backgroundColor);
    // It reaches both edges of the thread, over its side padding.
    expect(pixels(thread.paddingLeft)).toBeGreaterThan(0);
    expect(pixels(band.marginLeft)).toBe(-pixels(thread.paddingLeft));
    expect(pixels(band.marginRight)).toBe(-pixels(thread.paddingRight));
    expect(pixels(band.paddingLeft)).toBe(pixels(thread.paddingLeft));
  });
});
