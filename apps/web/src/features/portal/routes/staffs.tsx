import { Button, Group, LoadingOverlay, NativeSelect, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StaffDialogs, useStaffDialogs } from '../../../components/staff/staff-dialogs.tsx';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { agentScopeOf, useOwnAgent, useOwnGroup } from '../../../lib/own-agent.ts';
import { useCreateStaff, useDeleteStaff, useSendStaffPasswordReset, useStaffs, useUpdateStaff } from '../api/staffs.ts';
import { groupName, sortGroups, type StaffGroup } from '../components/staff-groups.ts';
import { PendingFrame } from '../../../components/pending-frame.tsx';

/** Agent admins do not remove two-factor enrollment: the operator does. */
const ACTIONS = ['edit', 'reset', 'delete'] as const;

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * /staff: an agent admin manages the staff of every group of the agent (filtered by group); a
 * branch admin those of the branch. Group and page live in the address.
 */
export function Component() {
  const { t, i18n } = useTranslation(['portal', 'common']);
  const user = useCurrentUser();
  const scope = agentScopeOf(user);
  const agent = useOwnAgent(scope);
  const branch = useOwnGroup(scope);
  const [searchParams, setSearchParams] = useSearchParams();
  const headOfficeView = scope?.kind === 'headOffice';
  const groupId = headOfficeView ? positive(searchParams.get('group_id')) : undefined;
  const page = positive(searchParams.get('page')) ?? 1;
  const staffs = useStaffs({ page, per_page: DEFAULT_PER_PAGE, ...(groupId ? { group_id: groupId } : {}) });
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const remove = useDeleteStaff();
  const sendReset = useSendStaffPasswordReset();
  const dialogs = useStaffDialogs();
  const { open } = dialogs;

  const groups: StaffGroup[] = headOfficeView ? sortGroups(agent.data?.groups ?? []) : branch.data ? [branch.data] : [];
  const headOffice = { word: t('staff.headOffice'), named: (name: string) => t('staff.headOfficeNamed', { name }) };
  const label = (group: StaffGroup) => groupName(group, i18n.language, headOffice);
  const groupLabel = (id: number) => {
    const group = groups.find((g) => g.id === id);
    return group ? label(group) : `#${id}`;
  };
  // New staff join the filtered group, else the head office (a branch admin: their branch).
  const defaultGroupId = groupId ?? (scope?.kind === 'branch' ? scope.groupId : groups.find((g) => g.is_root)?.id ?? null);

  const setGroup = (value: string) => setSearchParams(value ? { group_id: value } : {});
  const goTo = (next: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('page', String(next));
    setSearchParams(params);
  };

  return (
    <>
      <PageHeader
        title={t('staff.title')}
        description={headOfficeView ? t('staff.descriptionAgent') : t('staff.descriptionBranch')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open({ kind: 'form', staff: null })} disabled={groups.length === 0}>
            {t('staff.add')}
          </Button>
        }
      />
      <Paper withBorder p="md" pos="relative">
        {headOfficeView && (
          <Group mb="sm">
            <NativeSelect
              label={t('staff.groupFilter')}
              w={280}
              value={groupId ? String(groupId) : ''}
              onChange={(e) => setGroup(e.currentTarget.value)}
              data={[{ value: '', label: t('staff.allGroups') }, ...groups.map((g) => ({ value: String(g.id), label: label(g) }))]}
            />
          </Group>
        )}
        <LoadingOverlay visible={staffs.isFetching && !staffs.data} />
        <PendingFrame pending={staffs.isPlaceholderData}>
          <StaffTable
            label={t('staff.listLabel')}
            staffs={staffs.data?.staffs ?? []}
            loading={staffs.isPending}
            groupLabel={headOfficeView ? groupLabel : undefined}
            actions={ACTIONS}
            onAction={(action, staff) => open(action === 'edit' ? { kind: 'form', staff } : { kind: action, staff })}
          />
          {staffs.data && <ListPagination total={staffs.data.total} page={staffs.data.page} perPage={staffs.data.per_page} onChange={goTo} />}
        </PendingFrame>
      </Paper>

      <StaffDialogs
        state={dialogs}
        groups={groups.map((g) => ({ id: g.id, label: label(g) }))}
        defaultGroupId={defaultGroupId}
        create={create}
        update={update}
        confirms={{
          delete: { title: t('staff.deleteTitle'), message: (staff) => t('staff.deleteConfirm', { email: staff.email }), confirmLabel: t('common:actions.delete'), done: t('staff.deleted'), danger: true, mutation: remove },
          reset: {
            title: t('staff.resetTitle'),
            message: (staff) => t(staff.has_password ? 'staff.resetConfirm' : 'staff.inviteConfirm', { email: staff.email }),
            confirmLabel: t('common:actions.send'),
            done: t('staff.resetSent'),
            mutation: sendReset,
          },
        }}
      />
    </>
  );
}
