import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ActionIcon } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { LazyTooltip } from './LazyTooltip';

function renderButton(props: { disabled?: boolean } = {}) {
  const onClick = vi.fn();
  renderWithProviders(
    <LazyTooltip label="Agrandir la proposition" {...props}>
      <ActionIcon aria-label="Agrandir" onClick={onClick}>
        +
      </ActionIcon>
    </LazyTooltip>,
  );
  return { button: screen.getByRole('button', { name: 'Agrandir' }), onClick };
}

describe('LazyTooltip', () => {
  it('mounts no tooltip until a mouse reaches its button, then shows it there and hides it when the mouse leaves', async () => {
    const { button } = renderButton();
    expect(screen.queryByText('Agrandir la proposition')).toBeNull();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    expect(await screen.findByText('Agrandir la proposition')).toBeVisible();
    // The same button, not a new one: a keyboard's focus or a click in progress is not lost.
    expect(screen.getByRole('button', { name: 'Agrandir' })).toBe(button);
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByText('Agrandir la proposition')).toBeNull());
  });

  it('shows on a keyboard focus and closes on Escape; the button still answers its click', async () => {
    const { button, onClick } = renderButton();
    act(() => button.focus());
    expect(await screen.findByText('Agrandir la proposition')).toBeVisible();
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('Agrandir la proposition')).toBeNull());
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows nothing for a finger', () => {
    const { button } = renderButton();
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    expect(screen.queryByText('Agrandir la proposition')).toBeNull();
  });

  it('shows nothing when disabled', () => {
    const { button } = renderButton({ disabled: true });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    act(() => button.focus());
    expect(screen.queryByText('Agrandir la proposition')).toBeNull();
  });
});
