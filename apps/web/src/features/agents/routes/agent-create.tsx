import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateAgent } from '../api/agents.ts';
import { AgentForm } from '../components/agent-form.tsx';
import { emptyAgentForm, toCreateBody } from '../components/agent-form-values.ts';

/** /agents/create: the agent, its head office and main admin (who is mailed an invitation). */
export function Component() {
  const { t } = useTranslation('agents');
  const navigate = useNavigate();
  const create = useCreateAgent();

  return (
    <>
      <PageHeader title={t('form.createTitle')} description={t('form.createDescription')} />
      <Anchor component={Link} to="/agents" size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden />
        {t('form.backToList')}
      </Anchor>
      <AgentForm
        mode="create"
        initial={emptyAgentForm()}
        saving={create.isPending}
        onCancel={() => navigate('/agents')}
        onSubmit={(values, showError) =>
          create.mutate(toCreateBody(values), {
            onSuccess: ({ id }) => {
              notifySuccess(t('agent.created'));
              navigate(`/agents/${id}`);
            },
            onError: showError,
          })
        }
      />
    </>
  );
}
