import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '@creadefi/domain';
import { TimeOfDay } from './TimeOfDay';

const AT = '2026-11-28T22:05:00.000Z';

describe('TimeOfDay', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('takes over a time drawn in another time zone without drawing its part again, then shows the browser’s', async () => {
    const container = document.createElement('div');
    // As a server in another time zone drew it, beside a sibling the takeover must keep.
    container.innerHTML = `<p><span>Bonjour</span><time datetime="${AT}">03:37</time></p>`;
    document.body.append(container);
    const kept = container.querySelector('span')!;
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(
        container,
        <p>
          <span>Bonjour</span>
          <TimeOfDay value={AT} />
        </p>,
        { onRecoverableError },
      );
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.querySelector('span')).toBe(kept);
    expect(container.querySelector('time')!.textContent).toBe(formatTime(AT));
    expect(formatTime(AT)).not.toBe('03:37');
  });
});
