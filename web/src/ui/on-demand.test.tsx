import { useState, type ComponentType } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, type ModalProps } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAYOUT } from '@creadefi/domain';
import { theme } from '../app/theme';
import ModalOpenedOnceDrawn from './modal-code';
import { onDemand, useOpenedOnce, type OnDemandComponent } from './on-demand';

type DialogModule = { default: ComponentType<ModalProps> };

/** An import the test lets through when it chooses. */
function heldImport() {
  const calls: { resolve: (module: DialogModule) => void; reject: (error: unknown) => void }[] = [];
  const load = () => new Promise<DialogModule>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

/** A page with a button that opens a dialog drawn from code fetched on demand, as the admin's « Trancher ». */
function Page({ Dialog }: { Dialog: OnDemandComponent<ModalProps> }) {
  const [opened, setOpened] = useState(false);
  const mounted = useOpenedOnce(opened);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Trancher
      </button>
      {mounted && (
        <Dialog opened={opened} onClose={() => setOpened(false)} title="Trancher ce litige">
          <p>La décision</p>
        </Dialog>
      )}
    </>
  );
}

const inApp = (ui: React.ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('a dialog whose code is fetched on demand', () => {
  it('clicked before its code arrives, opens once the code is there', async () => {
    const code = heldImport();
    inApp(<Page Dialog={onDemand(code.load)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Trancher' }));
    expect(code.calls).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    code.calls[0]!.resolve({ default: ModalOpenedOnceDrawn });
    expect(await screen.findByRole('dialog', { name: 'Trancher ce litige' })).toBeInTheDocument();
    expect(screen.getByText('La décision')).toBeInTheDocument();
  });

  it('clicked twice before its code arrives, fetches it once and opens one dialog', async () => {
    const code = heldImport();
    inApp(<Page Dialog={onDemand(code.load)} />);
    const button = screen.getByRole('button', { name: 'Trancher' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(code.calls).toHaveLength(1);
    code.calls[0]!.resolve({ default: ModalOpenedOnceDrawn });
    expect(await screen.findByRole('dialog', { name: 'Trancher ce litige' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('whose fetch fails once, is fetched again and opens', async () => {
    const code = heldImport();
    inApp(<Page Dialog={onDemand(code.load, { retryDelaysMs: [10] })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Trancher' }));
    code.calls[0]!.reject(new TypeError('Failed to fetch dynamically imported module'));
    await waitFor(() => expect(code.calls).toHaveLength(2));
    code.calls[1]!.resolve({ default: ModalOpenedOnceDrawn });
    expect(await screen.findByRole('dialog', { name: 'Trancher ce litige' })).toBeInTheDocument();
  });

  it('whose fetch keeps failing, says so in French and opens when tried again', async () => {
    const code = heldImport();
    inApp(<Page Dialog={onDemand(code.load, { retryDelaysMs: [] })} />);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Trancher' }));
    code.calls[0]!.reject(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAYOUT.codeFailed);
    await userEvent.click(screen.getByRole('button', { name: LAYOUT.codeRetry }));
    expect(code.calls).toHaveLength(2);
    code.calls[1]!.resolve({ default: ModalOpenedOnceDrawn });
    expect(await screen.findByRole('dialog', { name: 'Trancher ce litige' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
