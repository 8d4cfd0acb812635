import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../api/client';

export interface UnreadCounts {
  messages: number;
  notifications: number;
}

const NONE: UnreadCounts = { messages: 0, notifications: 0 };

/**
 * Unread messages and notifications for the header badges, refreshed every 30 s. A server
 * without the endpoint (404) or a failed call shows no badge rather than an error.
 */
export function useUnreadCounts(enabled: boolean): UnreadCounts {
  const query = useQuery({
    queryKey: ['notifications', 'unread-count'],
    enabled,
    retry: false,
    refetchInterval: 30_000,
    queryFn: async ({ signal }) => {
      try {
        const results = (await api.get<Partial<UnreadCounts>>('/notifications/unread-count', signal)).results;
        return { messages: Number(results?.messages) || 0, notifications: Number(results?.notifications) || 0 };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return NONE;
        throw error;
      }
    },
  });
  return enabled ? (query.data ?? NONE) : NONE;
}
