import { Badge, Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AgentGroupResponse } from '@sagano/domain/agents/agent-schemas';
import { StaffDialogs, useStaffDialogs } from '../../../components/staff/staff-dialogs.tsx';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { useCreateStaff, useDeleteStaff, useSendStaffPasswordReset, useUnenrollStaffTotp, useUpdateStaff } from '../api/agent-staffs.ts';
import { Section } from './section.tsx';

/** An office a staff member may be moved to. */
export type GroupOption = Pick<AgentGroupResponse, 'id' | 'name_ja' | 'is_root'>;

const ACTIONS = ['edit', 'reset', 'unenroll', 'delete'] as const;

/** A group's staff: list, add, edit, delete, password-reset mail and removing two-factor enrollment. */
export function StaffSection({ title, group, groups }: { title: string; group: AgentGroupResponse; groups: GroupOption[] }) {
  const { t } = useTranslation(['agents', 'common']);
  const dialogs = useStaffDialogs();
  const { open } = dialogs;
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

      <StaffDialogs
        state={dialogs}
        groups={groupOptions}
        defaultGroupId={group.id}
        create={create}
        update={update}
        confirms={{
          reset: { title: t('staff.resetTitle'), message: (staff) => t('staff.resetConfirm', { name: staff.name, email: staff.email }), confirmLabel: t('common:actions.send'), done: t('staff.resetSent'), mutation: sendReset },
          unenroll: { title: t('staff.unenrollTitle'), message: (staff) => t('staff.unenrollConfirm', { name: staff.name, email: staff.email }), confirmLabel: t('staff.unenrollConfirmLabel'), done: t('staff.unenrolled'), danger: true, mutation: unenroll },
          delete: { title: t('staff.deleteTitle'), message: (staff) => t('staff.deleteConfirm', { name: staff.name, email: staff.email }), confirmLabel: t('common:actions.delete'), done: t('staff.deleted'), danger: true, mutation: remove },
        }}
      />
    </Section>
  );
}
