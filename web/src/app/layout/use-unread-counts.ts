import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../api/client';
import { invalidateFor, liveKeys, subscribeLiveEvents, useLiveConnected } from '../../api/events';

export interface UnreadCounts {
  messages: number;
  notifications: number;
}

const NONE: UnreadCounts = { messages: 0, notifications: 0 };

/**
 * Unread messages and notifications for the header badges. They follow the live events on
 * every page, so a message arriving while the member browses the listing lights the badge at
 * once; they fall back to a refresh every 30 s only while the live connection is down. A
 * server without the endpoint (404) or a failed call shows no badge rather than an error.
 */
export function useUnreadCounts(enabled: boolean): UnreadCounts {
  const queryClient = useQueryClient();
  const live = useLiveConnected();
  useEffect(() => (enabled ? subscribeLiveEvents((event) => invalidateFor(queryClient, event)) : undefined), [enabled, queryClient]);
  const query = useQuery({
    queryKey: liveKeys.unreadCounts,
    enabled,
    retry: false,
    refetchInterval: live ? false : 30_000,
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
