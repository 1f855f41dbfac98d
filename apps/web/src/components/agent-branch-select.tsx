import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAgentSelectData } from '../lib/agent-name.ts';
import { GrowingSelect } from './growing-select.tsx';
import { useAgentOptions } from '../lib/agent-options.ts';

/**
 * The back office's agent and branch filters, side by side (two cells of the filter grid): the
 * branch list follows the agent, and choosing another agent clears the branch. Values are ids
 * as text, '' for any.
 */
export function AgentBranchSelect({
  agentId,
  branchId,
  onChange,
}: {
  agentId: string;
  branchId: string;
  onChange: (next: { agentId: string; branchId: string }) => void;
}) {
  const { t } = useTranslation();
  const options = useAgentSelectData();
  const agents = useAgentOptions().data?.agents ?? [];
  const branches = agents.find((a) => String(a.id) === agentId)?.groups ?? [];
  const any = { value: '', label: t('filters.any') };
  return (
    <>
      <GrowingSelect
        full={Infinity}
        label={t('filters.agent')}
        data={[any, ...options(agents)]}
        searchable
        value={agentId}
        onChange={(v) => onChange({ agentId: v ?? '', branchId: '' })}
      />
      <Select
        label={t('filters.branch')}
        data={[any, ...options(branches)]}
        disabled={branches.length === 0}
        value={branchId}
        onChange={(v) => onChange({ agentId, branchId: v ?? '' })}
      />
    </>
  );
}
