import { useState } from 'react';
import { Anchor, Badge, Box, Button, LoadingOverlay, SimpleGrid, Stack, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AgentGroupResponse } from '@sagano/domain/agents/agent-schemas';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAgentGroup, useDeleteAgentGroup } from '../api/agent-groups.ts';
import { useAgent } from '../api/agents.ts';
import { GroupFormModal } from '../components/group-form-modal.tsx';
import { idParam } from '../components/id-param.ts';
import { Field, Section } from '../components/section.tsx';
import { StaffSection, type GroupOption } from '../components/staff-section.tsx';

function GroupDetail({ agentId, agentName, group, groups }: { agentId: number; agentName: string; group: AgentGroupResponse; groups: GroupOption[] }) {
  const { t } = useTranslation(['agents', 'common']);
  const navigate = useNavigate();
  const remove = useDeleteAgentGroup();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const agentPath = `/agents/${agentId}`;

  return (
    <>
      <PageHeader
        title={group.name_ja}
        description={agentName ? t(group.is_root ? 'groups.rootDescription' : 'groups.detailDescription', { agent: agentName }) : undefined}
        actions={
          <>
            <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
              {t('common:actions.edit')}
            </Button>
            <Tooltip label={t('groups.rootNotDeletable')} disabled={!group.is_root} withArrow>
              {/* A disabled button takes no pointer events: the wrapper carries the tooltip. */}
              <span>
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  disabled={group.is_root}
                  onClick={() => setConfirmDelete(true)}
                >
                  {t('common:actions.delete')}
                </Button>
              </span>
            </Tooltip>
          </>
        }
      />
      <Anchor component={Link} to={agentPath} size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden />
        {agentName ? t('groups.backToAgent', { agent: agentName }) : t('form.backToDetail')}
      </Anchor>
      <Stack gap="md">
        <Section
          title={t('groups.sectionInfo')}
          actions={
            group.is_root && (
              <Badge variant="filled" color="gray">
                {t('groups.root')}
              </Badge>
            )
          }
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Field label={t('groups.fields.nameJa')} value={group.name_ja} />
            <Field label={t('groups.fields.nameKana')} value={group.name_kana} />
            <Field label={t('groups.fields.nameEn')} value={group.name_en} />
            <Field label={t('groups.fields.nameOrigin')} value={group.name_origin} />
            <Field label={t('fields.fax')} value={group.fax} />
            <Field label={t('fields.mainAdminName')} value={group.main_admin.name} />
            <Field label={t('fields.mainAdminEmail')} value={group.main_admin.email} />
            <Field label={t('fields.mainAdminTel')} value={group.main_admin.tel} />
          </SimpleGrid>
        </Section>
        <StaffSection title={t('staff.title')} group={group} groups={groups} />
      </Stack>

      {editing && <GroupFormModal agentId={agentId} group={group} opened onClose={() => setEditing(false)} />}
      {!group.is_root && (
        <ConfirmModal
          opened={confirmDelete}
          title={t('groups.deleteTitle')}
          message={t('groups.deleteConfirm', { name: group.name_ja })}
          confirmLabel={t('common:actions.delete')}
          danger
          loading={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(group.id, {
              onSuccess: () => {
                notifySuccess(t('groups.deleted'));
                navigate(agentPath);
              },
              onError: () => setConfirmDelete(false),
            })
          }
        />
      )}
    </>
  );
}

/** /agents/{agentId}/groups/{groupId}: a branch (or the head office), its main admin and staff. */
export function Component() {
  const params = useParams();
  const agentId = idParam(params.agentId);
  const groupId = idParam(params.groupId);
  const agent = useAgent(agentId);
  const group = useAgentGroup(agentId === null ? null : groupId);
  const missing = (error: Error | null) => error instanceof ApiError && error.status === 404;
  if (agentId === null || groupId === null || missing(group.error) || missing(agent.error) || (group.data && group.data.agent_id !== agentId)) {
    return <NotFoundScreen />;
  }
  if (!group.data) {
    return (
      <Box pos="relative" mih={240}>
        <LoadingOverlay visible={group.isPending} />
      </Box>
    );
  }
  return <GroupDetail agentId={agentId} agentName={agent.data?.name_ja ?? ''} group={group.data} groups={agent.data?.groups ?? []} />;
}
