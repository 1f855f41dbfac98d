import { useState } from 'react';
import { Alert, Badge, Button, Group, LoadingOverlay, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationTermListResponse, ApplicationTermResponse, ArrangementPatternSummary } from '@sagano/domain/arrangements/arrangement-schemas';
import { labelText } from '@sagano/domain/common/label-text';
import { MAX_PERSON_NAME } from '@sagano/domain/common/text-limits';
import { counted } from '../../../components/length-counter.tsx';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useApplicationTerms } from '../api/get-application-terms.ts';
import { useArrangementPatterns } from '../api/get-arrangement-patterns.ts';
import { useSubmitApplicationTerm } from '../api/submit-application-term.ts';
import { ListTable } from '../../../components/list-table.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { inSentence, validationMessage } from '../../../lib/validation-messages.ts';

type Errors = Partial<Record<'from_date' | 'to_date' | 'applications', string>>;

function ApplicationForm({ data, term, patterns }: { data: ApplicationTermListResponse; term?: ApplicationTermResponse; patterns: ArrangementPatternSummary[] }) {
  const { t, i18n } = useTranslation(['arrangements', 'common']);
  const navigate = useNavigate();
  const submit = useSubmitApplicationTerm();
  const serviceTerm = data.service_term;
  const [fromDate, setFromDate] = useState(term?.from_date ?? '');
  const [toDate, setToDate] = useState(term?.to_date ?? '');
  const [operator, setOperator] = useState('');
  const [chosen, setChosen] = useState<Record<number, number | null>>(() =>
    Object.fromEntries(data.services.map((s) => [s.service_id, term?.applications.find((a) => a.service_id === s.service_id)?.arrangement_pattern_id ?? null])),
  );
  const [errors, setErrors] = useState<Errors>({});
  const patternsFor = (trainId: number) => patterns.filter((p) => p.logical_train_id === trainId);
  const listUrl = `/arrangement-application?term=${serviceTerm.service_term_id}`;
  const dateProps = {
    minDate: serviceTerm.from_date,
    maxDate: serviceTerm.to_date,
    defaultDate: serviceTerm.from_date,
  } as const;

  const validate = (): Errors => {
    const e: Errors = {};
    if (!fromDate) e.from_date = validationMessage.required(t('applications.fromDate'));
    if (!toDate) e.to_date = validationMessage.required(t('applications.toDate'));
    if (fromDate && toDate && fromDate > toDate) e.to_date = validationMessage.dateOrder(t('applications.fromDate'), t('applications.toDate'));
    if (fromDate && (fromDate < serviceTerm.from_date || fromDate > serviceTerm.to_date)) e.from_date = t('applications.outsideTerm', { name: inSentence(t('applications.fromDate')) });
    if (toDate && (toDate < serviceTerm.from_date || toDate > serviceTerm.to_date)) e.to_date = t('applications.outsideTerm', { name: inSentence(t('applications.toDate')) });
    if (!Object.values(chosen).some((v) => v !== null)) e.applications = t('applications.needOne');
    return e;
  };

  const send = () => {
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) return;
    const applications = Object.entries(chosen)
      .filter(([, p]) => p !== null)
      .map(([serviceId, p]) => ({ service_id: Number(serviceId), arrangement_pattern_id: p! }));
    submit.mutate(
      {
        serviceTermId: serviceTerm.service_term_id,
        termId: term?.arrangement_application_term_id ?? null,
        body: { from_date: fromDate, to_date: toDate, applications, operator: operator.trim() || undefined },
      },
      {
        onSuccess: () => {
          notifySuccess(t('applications.submitted'));
          navigate(listUrl);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONFLICT') return notifyError(t('applications.overlap'));
          const field = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
          const label = field === 'from_date' ? t('applications.fromDate') : field === 'to_date' ? t('applications.toDate') : '';
          if (field === 'from_date' || field === 'to_date' || field === 'applications') setErrors({ [field]: label && error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? validationMessage.invalid(label) : errorMessage(error) });
          else notifyApiError(error);
        },
      },
    );
  };

  const title = term ? t('applications.editTitle') : t('applications.addTitle');
  return (
    <>
      <PageHeader
        title={title}
        description={t('applications.formDescription')}
        actions={
          <>
            <Button component={Link} to={listUrl} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              {t('applications.backToList')}
            </Button>
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={send} loading={submit.isPending}>
              {t('applications.submit')}
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed" mb="xs">
            {t('applications.termRange', { from: serviceTerm.from_date, to: serviceTerm.to_date })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <DateField label={t('applications.fromDate')} required {...dateProps} value={fromDate} onChange={setFromDate} error={errors.from_date} />
            <DateField label={t('applications.toDate')} required {...dateProps} value={toDate} onChange={setToDate} error={errors.to_date} />
            <TextInput label={t('applications.operator')} value={operator} onChange={(e) => setOperator(e.currentTarget.value)} {...counted(operator, MAX_PERSON_NAME)} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Group justify="space-between" mb="xs" align="flex-end">
            <Title order={2} size="h5">
              {t('applications.trainsLabel')}
            </Title>
            <NativeSelect
              label={t('applications.setAll')}
              value=""
              onChange={(e) => {
                const value = e.currentTarget.value;
                if (!value) return;
                const id = value === 'none' ? null : Number(value);
                setChosen(Object.fromEntries(data.services.map((s) => [s.service_id, id === null || patternsFor(s.logical_train_id).some((p) => p.arrangement_pattern_id === id) ? id : chosen[s.service_id] ?? null])));
              }}
              data={[
                { value: '', label: t('applications.setAllPlaceholder') },
                ...patterns.map((p) => ({ value: String(p.arrangement_pattern_id), label: p.name })),
                { value: 'none', label: t('applications.notApplied') },
              ]}
              w={240}
            />
          </Group>
          {errors.applications && (
            <Alert color="red" role="alert" mb="xs" p="xs">
              {errors.applications}
            </Alert>
          )}
          <ListTable
            minWidth={480} striped verticalSpacing="xs" aria-label={t('applications.trainsLabel')}
            head={
              <>
                <Table.Th>{t('applications.train')}</Table.Th>
                <Table.Th>{t('applications.direction')}</Table.Th>
                <Table.Th>{t('applications.pattern')}</Table.Th>
              </>
            }
          >
            {data.services.map((s) => {
              const name = labelText(s.names, i18n.language);
              return (
                <Table.Tr key={s.service_id}>
                  <Table.Td>
                    {name}
                    {s.is_special && (
                      <Badge ml="xs" size="sm" variant="light" color="grape">
                        {t('applications.special')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{s.direction === 'up' || s.direction === 'down' ? t(`applications.directions.${s.direction}`) : s.direction}</Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`${name} ${t('applications.pattern')}`}
                      value={String(chosen[s.service_id] ?? '')}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setChosen((c) => ({ ...c, [s.service_id]: value ? Number(value) : null }));
                      }}
                      data={[{ value: '', label: t('applications.notApplied') }, ...patternsFor(s.logical_train_id).map((p) => ({ value: String(p.arrangement_pattern_id), label: p.name }))]}
                      w={220}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        </Paper>
      </Stack>
    </>
  );
}

/** /arrangement-application/{serviceTermId}/add and /arrangement-application/{serviceTermId}/{applicationTermId}. */
export function Component() {
  const { serviceTermId, applicationTermId } = useParams();
  const termId = Number(serviceTermId);
  const appTermId = applicationTermId === undefined ? null : Number(applicationTermId);
  const valid = Number.isInteger(termId) && termId > 0 && (appTermId === null || (Number.isInteger(appTermId) && appTermId > 0));
  const data = useApplicationTerms(valid ? termId : null);
  const patterns = useArrangementPatterns();
  if (!valid || (data.error instanceof ApiError && data.error.status === 404)) return <NotFoundScreen />;
  if (!data.data || !patterns.data) return <LoadingOverlay visible />;
  const term = appTermId === null ? undefined : data.data.arrangement_application_terms.find((x) => x.arrangement_application_term_id === appTermId);
  if (appTermId !== null && !term) return <NotFoundScreen />;
  return <ApplicationForm key={`${termId}:${appTermId ?? 'new'}`} data={data.data} term={term} patterns={patterns.data.arrangement_patterns} />;
}
