import { useState } from 'react';
import { Badge, Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AgentGroupResponse, StaffResponse } from '@sagano/domain/agents/agent-schemas';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { StaffFormModal } from '../../../components/staff/staff-form-modal.tsx';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { useCreateStaff, useDeleteStaff, useSendStaffPasswordReset, useUnenrollStaffTotp, useUpdateStaff } from '../api/agent-staffs.ts';
import { Section } from './section.tsx';

/** An office a staff member may be moved to. */
export type GroupOption = Pick<AgentGroupResponse, 'id' | 'name_ja' | 'is_root'>;

const ACTIONS = ['edit', 'reset', 'unenroll', 'delete'] as const;

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
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const remove = useDeleteStaff();
  const sendReset = useSendStaffPasswordReset();
  const unenroll = useUnenrollStaffTotp();
  const groupOptions = groups.map((g) => ({ id: g.id, label: g.is_root ? t('groups.rootOption', { name: g.name_ja }) : g.name_ja }));

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
        actions={ACTIONS}
        onAction={(action, staff) => open(action === 'edit' ? { kind: 'form', staff } : { kind: action, staff })}
      />

      {dialog?.kind === 'form' && opened && (
        <StaffFormModal
          key={dialog.staff?.id ?? 'new'}
          staff={dialog.staff}
          groups={groupOptions}
          defaultGroupId={group.id}
          create={create}
          update={update}
          onClose={close}
        />
      )}
      <ConfirmMutation
        target={opened && dialog?.kind === 'reset' ? dialog.staff : null}
        title={t('staff.resetTitle')}
        message={(staff) => t('staff.resetConfirm', { name: staff.name, email: staff.email })}
        confirmLabel={t('common:actions.send')}
        mutation={sendReset}
        variables={(staff) => staff.id}
        done={t('staff.resetSent')}
        onClose={close}
      />
      <ConfirmMutation
        target={opened && dialog?.kind === 'unenroll' ? dialog.staff : null}
        title={t('staff.unenrollTitle')}
        message={(staff) => t('staff.unenrollConfirm', { name: staff.name, email: staff.email })}
        confirmLabel={t('staff.unenrollConfirmLabel')}
        danger
        mutation={unenroll}
        variables={(staff) => staff.id}
        done={t('staff.unenrolled')}
        onClose={close}
      />
      <ConfirmMutation
        target={opened && dialog?.kind === 'delete' ? dialog.staff : null}
        title={t('staff.deleteTitle')}
        message={(staff) => t('staff.deleteConfirm', { name: staff.name, email: staff.email })}
        confirmLabel={t('common:actions.delete')}
        danger
        mutation={remove}
        variables={(staff) => staff.id}
        done={t('staff.deleted')}
        onClose={close}
      />
    </Section>
  );
}
