import { useState } from 'react';
import { Anchor, Box, Button, LoadingOverlay, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AgentResponse } from '@sagano/domain/agents/agent-schemas';
import { countryName } from '@sagano/domain/common/countries';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAgent, useDeleteAgent } from '../api/agents.ts';
import { AgentTypeBadge } from '../components/agent-type-badge.tsx';
import { BranchesTable } from '../components/branches-table.tsx';
import { GroupFormModal } from '../components/group-form-modal.tsx';
import { idParam } from '../components/id-param.ts';
import { Field, Section } from '../components/section.tsx';
import { StaffSection } from '../components/staff-section.tsx';
import { TwoFactorPolicy } from '../components/two-factor-policy.tsx';

function useMonthDay() {
  const { t } = useTranslation('agents');
  return (day: number | null, endOfMonth: boolean) => (endOfMonth ? t('monthDay.endOfMonth') : day === null ? '' : t('monthDay.day', { day }));
}

function AgentDetail({ agent }: { agent: AgentResponse }) {
  const { t, i18n } = useTranslation(['agents', 'common']);
  const navigate = useNavigate();
  const monthDay = useMonthDay();
  const remove = useDeleteAgent();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [addingBranch, setAddingBranch] = useState(false);
  const admin = agent.root_group_main_admin;

  return (
    <>
      <PageHeader
        title={agent.name_ja}
        description={[agent.name_kana, agent.name_en].filter(Boolean).join(' / ') || undefined}
        actions={
          <>
            <Button component={Link} to={`/agents/${agent.id}/update`} variant="default" leftSection={<IconEdit size={16} aria-hidden />}>
              {t('detail.edit')}
            </Button>
            <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              {t('detail.delete')}
            </Button>
          </>
        }
      />
      <Anchor component={Link} to="/agents" size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden />
        {t('detail.backToList')}
      </Anchor>
      <Stack gap="md">
        <Section title={t('detail.sectionBasic')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Field label={t('fields.nameJa')} value={agent.name_ja} />
            <Field label={t('fields.nameKana')} value={agent.name_kana} />
            <Field label={t('fields.nameEn')} value={agent.name_en} />
            <Field label={t('fields.nameOrigin')} value={agent.name_origin} />
            <Field label={t('fields.agentType')} value={<AgentTypeBadge type={agent.agent_type} />} />
            <Field label={t('fields.paymentType')} value={t(`paymentTypes.${agent.agent_payment_type}`)} />
            <Field label={t('fields.paymentDay')} value={monthDay(agent.payment_day, agent.payment_day_end_of_month)} />
            <Field label={t('fields.billingDay')} value={monthDay(agent.billing_day, agent.billing_day_end_of_month)} />
            <Field label={t('list.columns.ignorePolicy')} value={agent.ignore_cancellation_policy ? t('detail.ignored') : t('detail.applied')} />
            <Field label={t('fields.country')} value={countryName(agent.country_code, i18n.language)} />
            <Field label={t('fields.fax')} value={agent.root_group_fax} />
            <Field label={t('fields.requireTotp')} value={agent.require_totp ? t('detail.required') : t('detail.notRequired')} />
            <Field label={t('fields.createdAt')} value={formatDateTime(agent.created_at)} />
            <Field label={t('fields.updatedAt')} value={formatDateTime(agent.updated_at)} />
          </SimpleGrid>
        </Section>

        <Section title={t('detail.sectionMainAdmin')}>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Field label={t('fields.mainAdminName')} value={admin.name} />
            <Field label={t('fields.mainAdminEmail')} value={admin.email} />
            <Field label={t('fields.mainAdminTel')} value={admin.tel} />
          </SimpleGrid>
        </Section>

        <TwoFactorPolicy agentId={agent.id} required={agent.require_totp} />

        <Section
          title={t('detail.sectionBranches')}
          actions={
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAddingBranch(true)}>
              {t('groups.add')}
            </Button>
          }
        >
          <BranchesTable agentId={agent.id} groups={agent.groups} />
        </Section>

        <StaffSection title={t('detail.sectionRootStaff')} group={agent.root_group} groups={agent.groups} />
      </Stack>

      {addingBranch && <GroupFormModal agentId={agent.id} group={null} opened onClose={() => setAddingBranch(false)} />}
      <ConfirmModal
        opened={confirmDelete}
        title={t('agent.deleteTitle')}
        message={t('agent.deleteConfirm', { name: agent.name_ja })}
        confirmLabel={t('common:actions.delete')}
        danger
        loading={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(agent.id, {
            onSuccess: () => {
              notifySuccess(t('agent.deleted'));
              navigate('/agents');
            },
            // The error toast says why (e.g. live bookings remain), in the user's language.
            onError: () => setConfirmDelete(false),
          })
        }
      />
    </>
  );
}

/** /agents/{id}: the agent, its main admin, two-factor rule, branches and head-office staff. */
export function Component() {
  const id = idParam(useParams().agentId);
  const agent = useAgent(id);
  if (id === null || (agent.error instanceof ApiError && agent.error.status === 404)) return <NotFoundScreen />;
  if (!agent.data) {
    return (
      <Box pos="relative" mih={240}>
        <LoadingOverlay visible={agent.isPending} />
      </Box>
    );
  }
  return <AgentDetail agent={agent.data} />;
}
