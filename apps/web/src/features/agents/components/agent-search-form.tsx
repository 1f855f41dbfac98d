import { useState } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AgentListQuery } from '@sagano/domain/agents/agent-schemas';
import { AGENT_TYPES, type AgentType } from '@sagano/domain/agents/agent-constants';

export type AgentFilters = { query: string; email: string; agent_type: string };

const isAgentType = (value: string): value is AgentType => (AGENT_TYPES as readonly string[]).includes(value);

/** The filters as kept in the address (?query=&email=&agent_type=). */
export function readAgentFilters(params: URLSearchParams): AgentFilters {
  const type = params.get('agent_type') ?? '';
  return { query: params.get('query') ?? '', email: params.get('email') ?? '', agent_type: isAgentType(type) ? type : '' };
}

export function writeAgentFilters(filters: AgentFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['query', 'email', 'agent_type'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** The list query for the filters (without paging); empty filters are left out. */
export function filtersToQuery(filters: AgentFilters): Omit<AgentListQuery, 'page' | 'per_page'> {
  const query: Omit<AgentListQuery, 'page' | 'per_page'> = {};
  if (filters.query.trim()) query.query = filters.query.trim();
  if (filters.email.trim()) query.email = filters.email.trim();
  if (isAgentType(filters.agent_type)) query['agent_type.value'] = filters.agent_type;
  return query;
}

/** The search over the agent list. Mount it keyed by the applied filters so it follows the address. */
export function AgentSearchForm({ initial, onSearch }: { initial: AgentFilters; onSearch: (filters: AgentFilters) => void }) {
  const { t } = useTranslation(['agents', 'common']);
  const [draft, setDraft] = useState(initial);
  const set = (key: keyof AgentFilters) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const filtered = Boolean(initial.query || initial.email || initial.agent_type);

  return (
    <form
      role="search"
      aria-label={t('list.searchForm')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <Group gap="xs" align="flex-end" mb="sm" wrap="wrap">
        <TextInput
          label={t('list.query')}
          placeholder={t('list.queryPlaceholder')}
          value={draft.query}
          onChange={set('query')}
          leftSection={<IconSearch size={16} aria-hidden />}
          w={{ base: '100%', sm: 260 }}
          type="search"
        />
        <TextInput
          label={t('list.email')}
          placeholder={t('list.emailPlaceholder')}
          value={draft.email}
          onChange={set('email')}
          w={{ base: '100%', sm: 260 }}
          type="search"
        />
        <NativeSelect
          label={t('list.agentType')}
          value={draft.agent_type}
          onChange={set('agent_type')}
          data={[{ value: '', label: t('list.allTypes') }, ...AGENT_TYPES.map((type) => ({ value: type, label: t(`agentTypes.${type}`) }))]}
          w={{ base: '100%', sm: 180 }}
        />
        <Button type="submit" variant="light">
          {t('common:actions.search')}
        </Button>
        {filtered && (
          <Button variant="subtle" onClick={() => onSearch({ query: '', email: '', agent_type: '' })}>
            {t('common:actions.clear')}
          </Button>
        )}
      </Group>
    </form>
  );
}
