import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { NOTIFICATIONS, type NotificationDto } from '@creadefi/domain';
import { meRoute, renderWithProviders, stubApi } from '../../test/render';
import { noLiveEvents } from '../messages/test-utils';
import NotificationsPage, { relativeTime } from './NotificationsPage';

function note(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return { id: 1, kind: 'new_message', text: 'Nouveau message de lea', link: '/messages/40', createdAt: new Date().toISOString(), read: false, ...overrides };
}

function setup(notifications: NotificationDto[], total = notifications.length) {
  let list = notifications;
  const calls = stubApi({
    ...meRoute(),
    ...noLiveEvents,
    'GET /api/notifications': () => ({ body: { results: { notifications: list, total, unread: list.filter((n) => !n.read).length, page: 1, pageSize: 20 } } }),
    'POST /api/notifications/read': (call) => {
      const body = call.body as { ids?: number[]; all?: boolean };
      list = list.map((n) => (body.all || body.ids?.includes(n.id) ? { ...n, read: true } : n));
      return { body: { results: { unread: list.filter((n) => !n.read).length } } };
    },
  });
  renderWithProviders(
    <Routes>
      <Route path="/notifications" element={<NotificationsPage />} />
      <Route path="/messages/:id" element={<p>conversation</p>} />
    </Routes>,
    { at: '/notifications', signedIn: true },
  );
  return calls;
}

describe('NotificationsPage', () => {
  it('marks every notification read with "Tout marquer comme lu"', async () => {
    const calls = setup([note({ id: 1 }), note({ id: 2, kind: 'chosen_winner', text: 'Félicitations !', link: null }), note({ id: 3, read: true, text: 'Ancienne' })]);
    expect(await screen.findByText('Vous avez 2 notifications non lues.')).toBeInTheDocument();
    expect(screen.getAllByText('Non lue')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: NOTIFICATIONS.markAllRead }));
    await waitFor(() => expect(screen.queryAllByText('Non lue')).toHaveLength(0));
    expect(calls.find((c) => c.path === '/api/notifications/read')?.body).toEqual({ all: true });
    expect(await screen.findByText('Toutes vos notifications sont lues.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NOTIFICATIONS.markAllRead })).toBeDisabled();
  });

  it('marks one read when it is opened and follows its link', async () => {
    const calls = setup([note({ id: 5 })]);
    await userEvent.click(await screen.findByRole('link', { name: /Nouveau message de lea/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages/40'));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/notifications/read')?.body).toEqual({ ids: [5] }));
  });

  it('has an empty state', async () => {
    setup([]);
    expect(await screen.findByText(NOTIFICATIONS.empty)).toBeInTheDocument();
  });

  it('says how long ago, in French', () => {
    const now = new Date(2025, 10, 12, 15, 0);
    expect(relativeTime(new Date(2025, 10, 12, 14, 59, 40).toISOString(), now)).toBe('À l’instant');
    expect(relativeTime(new Date(2025, 10, 12, 14, 48).toISOString(), now)).toBe('Il y a 12 min');
    expect(relativeTime(new Date(2025, 10, 12, 9, 5).toISOString(), now)).toBe('Aujourd’hui à 09:05');
    expect(relativeTime(new Date(2025, 10, 11, 22, 30).toISOString(), now)).toBe('Hier à 22:30');
    expect(relativeTime(new Date(2025, 10, 2, 8, 0).toISOString(), now)).toBe('Le 02/11/2025');
  });
});
