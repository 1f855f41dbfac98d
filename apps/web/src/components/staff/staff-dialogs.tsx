import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CreateStaffBody, StaffResponse, UpdateStaffBody } from '@sagano/domain/agents/agent-schemas';
import { ConfirmMutation } from '../confirm-mutation.tsx';
import { StaffFormModal, type StaffGroupOption, type StaffMutation } from './staff-form-modal.tsx';

type ConfirmKind = 'reset' | 'unenroll' | 'delete';
export type StaffDialog = { kind: 'form'; staff: StaffResponse | null } | { kind: ConfirmKind; staff: StaffResponse };

/** Which staff dialog is open; the last one stays set while it closes, so its text does not vanish during the transition. */
export function useStaffDialogs() {
  const [dialog, setDialog] = useState<StaffDialog | null>(null);
  const [opened, setOpened] = useState(false);
  return {
    dialog,
    opened,
    open: (next: StaffDialog) => {
      setDialog(next);
      setOpened(true);
    },
    close: () => setOpened(false),
  };
}

type IdMutation = Pick<UseMutationResult<unknown, unknown, string>, 'mutate' | 'isPending'>;
/** The words of one confirmation: its title, its question about the staff member, its button and what is said once done. */
export type ConfirmTexts = { title: string; message: (staff: StaffResponse) => string; confirmLabel: string; done: string; danger?: boolean };

/**
 * The dialogs of a staff list (operator's agent screens and the agent portal alike): the add/edit
 * form and a confirmation per action the list offers (reset mail, removing two-factor, delete).
 */
export function StaffDialogs({
  state,
  groups,
  defaultGroupId,
  create,
  update,
  confirms,
}: {
  state: ReturnType<typeof useStaffDialogs>;
  groups: readonly StaffGroupOption[];
  defaultGroupId: number | null;
  create: StaffMutation<CreateStaffBody>;
  update: StaffMutation<{ id: string; body: UpdateStaffBody }>;
  confirms: Partial<Record<ConfirmKind, ConfirmTexts & { mutation: IdMutation }>>;
}) {
  const { dialog, opened, close } = state;
  return (
    <>
      {dialog?.kind === 'form' && opened && (
        <StaffFormModal key={dialog.staff?.id ?? 'new'} staff={dialog.staff} groups={groups} defaultGroupId={defaultGroupId} create={create} update={update} onClose={close} />
      )}
      {(Object.entries(confirms) as [ConfirmKind, ConfirmTexts & { mutation: IdMutation }][]).map(([kind, confirm]) => (
        <ConfirmMutation
          key={kind}
          target={opened && dialog?.kind === kind ? dialog.staff : null}
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.confirmLabel}
          danger={confirm.danger ?? false}
          mutation={confirm.mutation}
          variables={(staff) => staff.id}
          done={confirm.done}
          onClose={close}
        />
      ))}
    </>
  );
}
