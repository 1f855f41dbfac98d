import { Anchor, Box, LoadingOverlay } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAgent, useUpdateAgent } from '../api/agents.ts';
import { AgentForm } from '../components/agent-form.tsx';
import { agentFormFromResponse, toUpdateBody } from '../components/agent-form-values.ts';
import { idParam } from '../components/id-param.ts';

/** /agents/{id}/update: every editable field of the agent (the main admin's e-mail is the account's). */
export function Component() {
  const { t } = useTranslation('agents');
  const navigate = useNavigate();
  const id = idParam(useParams().agentId);
  const agent = useAgent(id);
  const update = useUpdateAgent();

  if (id === null || (agent.error instanceof ApiError && agent.error.status === 404)) return <NotFoundScreen />;
  const detail = `/agents/${id}`;

  return (
    <>
      <PageHeader title={t('form.updateTitle')} description={agent.data?.name_ja} />
      <Anchor component={Link} to={detail} size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden />
        {t('form.backToDetail')}
      </Anchor>
      {agent.data ? (
        <AgentForm
          key={agent.data.updated_at}
          mode="update"
          initial={agentFormFromResponse(agent.data)}
          saving={update.isPending}
          onCancel={() => navigate(detail)}
          onSubmit={(values, showError) =>
            update.mutate(
              { id, body: toUpdateBody(values) },
              {
                onSuccess: () => {
                  notifySuccess(t('agent.updated'));
                  navigate(detail);
                },
                onError: showError,
              },
            )
          }
        />
      ) : (
        <Box pos="relative" mih={240}>
          <LoadingOverlay visible={agent.isPending} />
        </Box>
      )}
    </>
  );
}
