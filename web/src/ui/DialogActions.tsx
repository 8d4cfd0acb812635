/**
 * The foot of every dialog and of the participation steps: the server's refusal of the last
 * try, then a quiet way back and the main action. While the action runs, the way back waits
 * and the action shows that it works, so that one click gives one effect.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, type ButtonProps } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';

export interface DialogActionsProps {
  /** Why the last try failed, in the server's words. */
  error?: ReactNode;
  busy?: boolean;
  backLabel: ReactNode;
  onBack: () => void;
  actionLabel: ReactNode;
  /** Without it the action submits the form these actions close. */
  onAction?: () => void;
  /** What differs from the gradient action: its icon, its colour, which of several actions runs. */
  actionProps?: ButtonProps;
  /** A step of a flow keeps its way back at the left; a dialog keeps both buttons together at the right. */
  step?: boolean;
}

export function DialogActions({ error, busy = false, backLabel, onBack, actionLabel, onAction, actionProps, step = false }: DialogActionsProps) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <Group justify={step ? 'space-between' : 'flex-end'} gap="sm">
        <Button variant="subtle" color="ink.7" onClick={onBack} disabled={busy}>
          {backLabel}
        </Button>
        <Button type={onAction ? 'button' : 'submit'} onClick={onAction} variant="gradient" loading={busy} {...actionProps}>
          {actionLabel}
        </Button>
      </Group>
    </>
  );
}

/** A dialog that has nothing to do now says why (the server's words) and only closes. */
export function DialogNotice({ children, closeLabel, onClose }: { children: ReactNode; closeLabel: ReactNode; onClose: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
        {children}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {closeLabel}
        </Button>
      </Group>
    </Stack>
  );
}
