import { Badge, Button, Group, LoadingOverlay, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArrangementApplication } from '@sagano/domain/arrangements/arrangement-schemas';
import { PageHeader } from '../../../components/page-header.tsx';
import { useArrangementPatterns } from '../api/get-arrangement-patterns.ts';
import { useApplicationTerms } from '../api/get-application-terms.ts';
import { useServiceTerms } from '../api/get-service-terms.ts';
import { useListSeparator } from '../../../lib/list-separator.ts';
import { ListTable } from '../../../components/list-table.tsx';

/** "標準 × 14, 団体多め × 2": how many trains run with each pattern. */
function usePatternSummary() {
  const patterns = useArrangementPatterns().data?.arrangement_patterns ?? [];
  const separator = useListSeparator();
  return (applications: readonly ArrangementApplication[]) => {
    const counts = new Map<number, number>();
    for (const a of applications) counts.set(a.arrangement_pattern_id, (counts.get(a.arrangement_pattern_id) ?? 0) + 1);
    return [...counts]
      .map(([id, n]) => `${patterns.find((p) => p.arrangement_pattern_id === id)?.name ?? id} × ${n}`)
      .join(separator);
  };
}

/** /arrangement-application: the application terms of one service term, and the requests awaiting approval. */
export function Component() {
  const { t } = useTranslation('arrangements');
  const [params, setParams] = useSearchParams();
  const terms = useServiceTerms();
  const list = terms.data?.service_terms ?? [];
  const chosen = Number(params.get('term')) || (list.find((x) => x.is_current) ?? list[0])?.serviceTermId || null;
  const applications = useApplicationTerms(chosen);
  const summary = usePatternSummary();
  const data = applications.data;
  const pendingFor = (termId: number) => data?.pending_approvals.some((p) => p.arrangement_application_term_id === termId);

  return (
    <>
      <PageHeader
        title={t('applications.title')}
        description={t('applications.description')}
        actions={
          chosen !== null && (
            <Button component={Link} to={`/arrangement-application/${chosen}/add`} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('applications.add')}
            </Button>
          )
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md">
          <NativeSelect
            label={t('applications.serviceTerm')}
            value={chosen === null ? '' : String(chosen)}
            onChange={(e) => setParams({ term: e.currentTarget.value })}
            data={list.map((x) => ({ value: String(x.serviceTermId), label: t('applications.serviceTermOption', { from: x.fromDate, to: x.toDate }) }))}
            w={300}
          />
          {terms.data && list.length === 0 && (
            <Text c="dimmed" mt="sm">
              {t('applications.noTerms')}
            </Text>
          )}
        </Paper>
        <Paper withBorder p="md" pos="relative">
          <LoadingOverlay visible={applications.isLoading} />
          <ListTable
            minWidth={560} striped verticalSpacing="sm" aria-label={t('applications.listLabel')}
            head={
              <>
                <Table.Th>{t('applications.columns.period')}</Table.Th>
                <Table.Th>{t('applications.columns.trains')}</Table.Th>
                <Table.Th>{t('applications.columns.patterns')}</Table.Th>
                <Table.Th>{t('applications.columns.status')}</Table.Th>
                <Table.Th />
              </>
            }
          >
            {data?.arrangement_application_terms.map((term) => (
              <Table.Tr key={term.arrangement_application_term_id}>
                <Table.Td>
                  {term.from_date} 〜 {term.to_date}
                </Table.Td>
                <Table.Td>{t('applications.trainCount', { count: term.applications.length })}</Table.Td>
                <Table.Td>{summary(term.applications)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={pendingFor(term.arrangement_application_term_id) ? 'yellow' : 'teal'}>
                    {pendingFor(term.arrangement_application_term_id) ? t('applications.pendingChange') : t('applications.applied')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <Button component={Link} to={`/arrangement-application/${term.service_term_id}/${term.arrangement_application_term_id}`} size="xs" variant="default">
                      {t('applications.edit')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          {data && data.arrangement_application_terms.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {t('applications.empty')}
            </Text>
          )}
        </Paper>
        {data && data.pending_approvals.length > 0 && (
          <Paper withBorder p="md">
            <Title order={2} size="h5" mb="xs">
              {t('applications.pendingTitle')}
            </Title>
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {data.pending_approvals.map((p) => (
                  <Table.Tr key={p.approval_id}>
                    <Table.Td>
                      {p.from_date} 〜 {p.to_date}
                    </Table.Td>
                    <Table.Td>{t('applications.trainCount', { count: p.applications.length })}</Table.Td>
                    <Table.Td>{summary(p.applications)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="yellow">
                        {p.arrangement_application_term_id === null ? t('applications.pending') : t('applications.pendingChange')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
    </>
  );
}
