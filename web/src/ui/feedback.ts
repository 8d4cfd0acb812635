/**
 * Success and error messages (docs/product.md §11): a red banner for errors, a green one for
 * success, both gone after 3 seconds.
 */
import { notifications } from '@mantine/notifications';
import { COMMON } from '@creadefi/domain';
import { ApiError } from '../api/client';

const FEEDBACK_MS = 3000;

type Tone = 'green' | 'red' | 'orange';

function show(color: Tone, message: string): void {
  notifications.show({
    // The same text twice (double click, two callers of one action) shows one banner.
    id: `feedback:${color}:${message}`,
    message,
    color,
    autoClose: FEEDBACK_MS,
    withBorder: true,
    role: color === 'red' ? 'alert' : 'status',
  });
}

export function notifySuccess(message: string | undefined): void {
  if (message) show('green', message);
}

export function notifyError(error: unknown): void {
  // A request cancelled because the page moved on is nobody's error.
  if (error instanceof Error && error.name === 'AbortError') return;
  const message = error instanceof ApiError || error instanceof Error ? error.message || COMMON.serverError : COMMON.serverError;
  show('red', message);
}

export function notifyWarning(message: string): void {
  show('orange', message);
}
