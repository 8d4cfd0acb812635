import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import { LazyModal } from './LazyModal';

function Page() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Ouvrir
      </button>
      <LazyModal opened={opened} onClose={() => setOpened(false)} title="Signaler">
        <p>Le motif du signalement</p>
      </LazyModal>
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('LazyModal', () => {
  it('opens on its first opening, closes, and opens again', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Page />
      </MantineProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByRole('dialog', { name: 'Signaler' })).toBeInTheDocument();
    expect(screen.getByText('Le motif du signalement')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByRole('dialog', { name: 'Signaler' })).toBeInTheDocument();
  });

  it('opens when it is drawn opened', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <LazyModal opened onClose={() => undefined} title="Signaler">
          <p>Le motif du signalement</p>
        </LazyModal>
      </MantineProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Signaler' })).toBeInTheDocument();
  });

  it('opens at a click in a tab that draws no frame', async () => {
    // A hidden tab, or a browser too busy to paint: no animation frame ever comes.
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    render(
      <MantineProvider theme={theme} env="test">
        <Page />
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByRole('dialog', { name: 'Signaler' })).toBeInTheDocument();
  });
});
