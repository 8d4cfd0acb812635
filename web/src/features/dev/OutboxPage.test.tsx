import { describe, expect, it, afterEach, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatDate, formatTime } from '@creadefi/domain';
import OutboxPage from './OutboxPage';
import { noProviders, renderWithApp, stubApi } from '../auth/test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('OutboxPage', () => {
  it('lists the mails with their date and a link to follow', async () => {
    const date = '2026-03-05T08:07:00.000Z';
    stubApi({
      'GET /api/config': noProviders,
      'GET /api/dev/outbox': {
        body: { results: { mails: [{ id: 'm1', to: 'lea@example.fr', subject: 'Confirmez votre adresse e-mail', date, link: `${window.location.origin}/verify/abc0123456789` }] } },
      },
    });
    renderWithApp([{ path: '/dev/outbox', element: <OutboxPage /> }], { at: '/dev/outbox' });
    // The wide-screen table (phones get the same mails as cards).
    const table = within(await screen.findByRole('table'));
    expect(table.getByText('lea@example.fr')).toBeInTheDocument();
    expect(table.getByText('Confirmez votre adresse e-mail')).toBeInTheDocument();
    expect(table.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toHaveTextContent(`${formatDate(date)} ${formatTime(date)}`);
    expect(table.getByRole('link', { name: `${window.location.origin}/verify/abc0123456789` })).toHaveAttribute('href', '/verify/abc0123456789');
  });

  it('does not exist in production: like any unknown address it leads home, without asking for the mails', async () => {
    const calls = stubApi({ 'GET /api/config': { body: { results: { ...noProviders.body.results, devOutbox: false } } } });
    const { router } = renderWithApp(
      [
        { path: '/', element: <p>Accueil</p> },
        { path: '/dev/outbox', element: <OutboxPage /> },
      ],
      { at: '/dev/outbox' },
    );
    expect(await screen.findByText('Accueil')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText("Boîte d'envoi")).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/dev/outbox')).toBe(false);
  });
});
