import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * Puts the server's field errors (`message.fields` of a 400 or 409) beside the fields the form
 * shows. Returns whether at least one landed, so that the caller can fall back to a banner.
 */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], byMessage: Partial<Record<string, Path<T>>> = {}): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [key, message] of Object.entries(error.fields)) {
    const field = fields.find((f) => f === key);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  // A conflict (409) may come without fields: its known texts still point at one field.
  const target = byMessage[error.message];
  if (!shown && target) {
    setError(target, { type: 'server', message: error.message }, { shouldFocus: true });
    shown = true;
  }
  return shown;
}
