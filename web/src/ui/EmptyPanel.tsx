import { EmptyState, type EmptyStateProps } from '@mantine/core';
import classes from './EmptyPanel.module.css';

/** A list with nothing in it yet (messages, notifications, proposals, one's contests): Mantine's empty state in the app's frame. */
export function EmptyPanel({ className, ...props }: EmptyStateProps) {
  return <EmptyState className={className ? `${classes.empty} ${className}` : classes.empty} {...props} />;
}
