import { useState } from 'react';
import { useForm } from '@mantine/form';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import { CreateServiceTermBody, type ServiceResponse } from '@sagano/domain/timetable/timetable-schemas';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useStations } from '../../../lib/reference/get-stations.ts';
import { setServerFieldError, zodValidate } from '../../../lib/zod-form.ts';
import { useCreateServiceTerm } from '../api/create-service-term.ts';
import { useDeleteService } from '../api/delete-service.ts';
import { useTermServices } from '../api/get-term-services.ts';
import { ServiceFormModal } from '../components/service-form-modal.tsx';
import { TermSelect } from '../components/term-select.tsx';
import { useChosenTerm } from '../components/use-chosen-term.ts';
import { DateField } from '../../../components/date-field.tsx';
import { validationMessage } from '../../../lib/validation-messages.ts';

function AddTermForm() {
  const { t } = useTranslation(['timetable', 'common']);
  const create = useCreateServiceTerm();
  // The end before the start is said under the end date, in words, before anything is sent.
  const labels = { fromDate: () => t('term.from'), toDate: () => t('term.to') };
  const validate = zodValidate(CreateServiceTermBody, labels, { toDate: () => validationMessage.dateOrder(t('term.from'), t('term.to')) });
  const form = useForm<CreateServiceTermBody>({ initialValues: { fromDate: '', toDate: '' }, validate });
  return (
    <form
      aria-label={t('term.addTitle')}
      noValidate
      onSubmit={form.onSubmit((values) =>
        create.mutate(values, {
          onSuccess: () => {
            notifySuccess(t('term.submitted'));
            form.reset();
          },
          onError: (err) => {
            if (!setServerFieldError(form, err, ['fromDate', 'toDate'], labels)) notifyApiError(err);
          },
        }),
      )}
    >
      <Group align="flex-start" gap="xs">
        <DateField label={t('term.from')} required {...form.getInputProps('fromDate')} />
        <DateField label={t('term.to')} required {...form.getInputProps('toDate')} />
        <Button type="submit" variant="light" loading={create.isPending} mt={25}>
          {t('term.add')}
        </Button>
      </Group>
    </form>
  );
}

/** /services: terms, and the trains of the chosen term per direction with their times. */
export function Component() {
  const { t, i18n } = useTranslation(['timetable', 'common']);
  const { terms, term, choose } = useChosenTerm();
  const stations = useStations();
  const services = useTermServices(term?.serviceTermId);
  const remove = useDeleteService();
  const [editing, setEditing] = useState<ServiceResponse | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ServiceResponse | null>(null);
  const stationName = (id: number) => labelText(stations.data?.stations.find((s) => s.station_id === id)?.labels ?? [], i18n.language);

  const table = (direction: 'down' | 'up') => {
    const rows = (services.data?.services ?? []).filter((s) => s.direction === direction);
    const order = stations.data?.directions.find((d) => d.direction_id === direction)?.stations.map((s) => s.station_id) ?? [];
    return (
      <Stack gap="xs" key={direction}>
        <Title order={2} size="h5">{t(`services.${direction}`)}</Title>
        <Table.ScrollContainer minWidth={700}>
          <Table striped withTableBorder aria-label={t(`services.${direction}`)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('services.name')}</Table.Th>
                {order.map((id, i) => (
                  <Table.Th key={id}>{stationName(id)}{i === 0 ? ` ${t('services.departure')}` : i === order.length - 1 ? ` ${t('services.arrival')}` : ''}</Table.Th>
                ))}
                <Table.Th w={100}>{t('services.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr><Table.Td colSpan={order.length + 2}><Text c="dimmed" size="sm">{t('services.empty')}</Text></Table.Td></Table.Tr>
              )}
              {rows.map((s) => (
                <Table.Tr key={s.service_id}>
                  <Table.Td>
                    <Group gap={6}>{labelText(s.names, i18n.language)}{s.is_special && <Badge color="orange" variant="light">{t('services.specialBadge')}</Badge>}</Group>
                  </Table.Td>
                  {order.map((id, i) => {
                    const item = s.diagram_items.find((d) => d.station_id === id);
                    const text = !item ? '—' : i === 0 ? item.departure_hhmm : i === order.length - 1 ? item.arrival_hhmm : `${item.arrival_hhmm} / ${item.departure_hhmm}`;
                    return <Table.Td key={id} ff="monospace">{text}</Table.Td>;
                  })}
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`${t('common:actions.edit')} ${labelText(s.names, i18n.language)}`} onClick={() => setEditing(s)}><IconPencil size={16} /></ActionIcon>
                      <Tooltip label={s.is_deletable ? t('common:actions.delete') : t('services.undeletable', { reason: s.undeletable_reason })}>
                        <ActionIcon variant="subtle" color="red" disabled={!s.is_deletable} aria-label={`${t('common:actions.delete')} ${labelText(s.names, i18n.language)}`} onClick={() => setDeleting(s)}><IconTrash size={16} /></ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  };

  return (
    <>
      <PageHeader
        title={t('services.title')}
        description={t('services.description')}
        actions={term && <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>{t('services.add')}</Button>}
      />
      <Paper withBorder p="md" mb="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          {terms.length > 0 ? <TermSelect terms={terms} value={term?.serviceTermId} onChange={choose} /> : <Text c="dimmed">{t('term.none')}</Text>}
          <AddTermForm />
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="lg">{table('down')}{table('up')}</Stack>
      </Paper>
      {editing !== undefined && term && stations.data && (
        <ServiceFormModal key={editing?.service_id ?? 'new'} termId={term.serviceTermId} service={editing} stations={stations.data} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmMutation
        target={deleting}
        title={t('services.deleteTitle')}
        message={(service) => t('services.deleteConfirm', { name: labelText(service.names, i18n.language) })}
        confirmLabel={t('common:actions.delete')}
        danger
        mutation={remove}
        variables={(service) => service.service_id}
        done={t('services.deleted')}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
