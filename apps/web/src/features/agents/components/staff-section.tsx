import { useState } from 'react';
import { Badge, Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AgentGroupResponse, StaffResponse } from '@sagano/domain/agents/agent-schemas';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteStaff, useSendStaffPasswordReset, useUnenrollStaffTotp } from '../api/agent-staffs.ts';
import { Section } from './section.tsx';
import { StaffFormModal, type GroupOption } from './staff-form-modal.tsx';
import { StaffTable, type StaffAction } from './staff-table.tsx';

type Dialog = { kind: 'form'; staff: StaffResponse | null } | { kind: 'reset' | 'unenroll' | 'delete'; staff: StaffResponse };

/** A group's staff: list, add, edit, delete, password-reset mail and removing two-factor enrollment. */
export function StaffSection({ title, group, groups }: { title: string; group: AgentGroupResponse; groups: GroupOption[] }) {
  const { t } = useTranslation(['agents', 'common']);
  // The last dialog stays set while it closes, so its text does not vanish during the transition.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (next: Dialog) => {
    setDialog(next);
    setOpened(true);
  };
  const close = () => setOpened(false);
  const remove = useDeleteStaff();
  const sendReset = useSendStaffPasswordReset();
  const unenroll = useUnenrollStaffTotp();
  const confirmed = (message: string) => () => {
    notifySuccess(message);
    close();
  };
  const values = dialog && dialog.kind !== 'form' ? { name: dialog.staff.name, email: dialog.staff.email } : { name: '', email: '' };

  return (
    <Section
      title={title}
      actions={
        <>
          <Badge variant="light" color="gray">
            {t('staff.count', { count: group.staffs.length })}
          </Badge>
          <Button size="xs" leftSection={<IconUserPlus size={14} aria-hidden />} onClick={() => open({ kind: 'form', staff: null })}>
            {t('staff.add')}
          </Button>
        </>
      }
    >
      <StaffTable
        label={t('staff.listLabel', { group: group.name_ja })}
        staffs={group.staffs}
        mainAdminId={group.main_admin.id}
        onAction={(action: StaffAction, staff) => open(action === 'edit' ? { kind: 'form', staff } : { kind: action, staff })}
      />

      {dialog?.kind === 'form' && opened && (
        <StaffFormModal key={dialog.staff?.id ?? 'new'} groupId={group.id} groups={groups} staff={dialog.staff} opened onClose={close} />
      )}
      <ConfirmModal
        opened={opened && dialog?.kind === 'reset'}
        title={t('staff.resetTitle')}
        message={t('staff.resetConfirm', values)}
        confirmLabel={t('common:actions.send')}
        loading={sendReset.isPending}
        onClose={close}
        onConfirm={() => dialog?.kind === 'reset' && sendReset.mutate(dialog.staff.id, { onSuccess: confirmed(t('staff.resetSent')) })}
      />
      <ConfirmModal
        opened={opened && dialog?.kind === 'unenroll'}
        title={t('staff.unenrollTitle')}
        message={t('staff.unenrollConfirm', values)}
        confirmLabel={t('staff.unenrollConfirmLabel')}
        danger
        loading={unenroll.isPending}
        onClose={close}
        onConfirm={() => dialog?.kind === 'unenroll' && unenroll.mutate(dialog.staff.id, { onSuccess: confirmed(t('staff.unenrolled')) })}
      />
      <ConfirmModal
        opened={opened && dialog?.kind === 'delete'}
        title={t('staff.deleteTitle')}
        message={t('staff.deleteConfirm', values)}
        confirmLabel={t('common:actions.delete')}
        danger
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.staff.id, { onSuccess: confirmed(t('staff.deleted')) })}
      />
    </Section>
  );
}
