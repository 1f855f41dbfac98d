import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgentType } from '@sagano/domain/agents/agent-schemas';

const COLOR: Record<AgentType, string> = { FREE: 'gray', CONTRACTED: 'blue', SPECIAL_CONTRACTED: 'grape' };

export function AgentTypeBadge({ type }: { type: AgentType }) {
  const { t } = useTranslation('agents');
  return (
    <Badge size="sm" variant="light" color={COLOR[type]}>
      {t(`agentTypes.${type}`)}
    </Badge>
  );
}
