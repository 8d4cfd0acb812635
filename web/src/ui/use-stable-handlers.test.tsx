import { memo, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useStableHandlers } from './use-stable-handlers';

describe('useStableHandlers', () => {
  it('keeps a memoised child from drawing again, and calls the parent’s latest handler', async () => {
    let childRenders = 0;
    const Child = memo(function Child({ on }: { on: { press: () => void } }) {
      childRenders++;
      return (
        <button type="button" onClick={on.press}>
          Appuyer
        </button>
      );
    });
    let bump: () => void = () => undefined;
    function Parent() {
      const [count, setCount] = useState(0);
      const [pressedAt, setPressedAt] = useState<number | null>(null);
      bump = () => setCount((c) => c + 1);
      const on = useStableHandlers({ press: () => setPressedAt(count) });
      return (
        <>
          <p>pressé à {pressedAt ?? '—'}</p>
          <Child on={on} />
        </>
      );
    }
    render(<Parent />);
    act(() => bump());
    act(() => bump());
    expect(childRenders).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Appuyer' }));
    expect(screen.getByText('pressé à 2')).toBeInTheDocument();
    expect(childRenders).toBe(1);
  });
});
