/** The bell's calls: one page of notifications, marking some or all of them read. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NotificationsPage } from '@creadefi/domain';
import { api } from '../../api/client';
import { liveKeys } from '../../api/events';

export const NOTIFICATIONS_PAGE_SIZE = 20;

const notificationKeys = {
  page: (page: number) => [...liveKeys.notificationPages, page] as const,
};

async function readNotifications(page: number, signal?: AbortSignal): Promise<NotificationsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(NOTIFICATIONS_PAGE_SIZE) });
  const answer = await api.get<NotificationsPage>(`/notifications?${query}`, signal);
  return answer.results ?? { notifications: [], total: 0, unread: 0, page, pageSize: NOTIFICATIONS_PAGE_SIZE };
}

export function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: ({ signal }) => readNotifications(page, signal),
    placeholderData: keepPreviousData,
  });
}

export const markRead = (input: { ids: number[] } | { all: true }) => api.post<{ unread: number }>('/notifications/read', input);
