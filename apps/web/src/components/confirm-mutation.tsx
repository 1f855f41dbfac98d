import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { closeAndNotify } from '../lib/notify.ts';
import { ConfirmModal } from './confirm-modal.tsx';

/**
 * Asks before running a mutation on one row (delete a plan, send a reset mail…): open while
 * `target` is set, runs `mutation` with the target's variables, then closes and says `done`.
 * A failure keeps the modal open; the query client's error toast says why. While it closes, the
 * message still names the last target.
 */
export function ConfirmMutation<T, V>({
  target,
  title,
  message,
  confirmLabel,
  danger = false,
  mutation,
  variables,
  done,
  onClose,
}: {
  target: T | null;
  title: string;
  message: (target: T) => string;
  confirmLabel: string;
  danger?: boolean;
  mutation: Pick<UseMutationResult<unknown, unknown, V>, 'mutate' | 'isPending'>;
  variables: (target: T) => V;
  done: string;
  onClose: () => void;
}) {
  // The last target, kept through the closing animation (state adjusted while rendering, as React advises).
  const [last, setLast] = useState<T | null>(target);
  if (target !== null && target !== last) setLast(target);
  const shown = target ?? last;
  return (
    <ConfirmModal
      opened={target !== null}
      title={title}
      message={shown !== null ? message(shown) : ''}
      confirmLabel={confirmLabel}
      danger={danger}
      loading={mutation.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (target !== null) mutation.mutate(variables(target), closeAndNotify(onClose, done));
      }}
    />
  );
}
