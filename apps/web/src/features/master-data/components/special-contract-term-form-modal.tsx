import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  CheckedSpecialContractTermBody,
  specialContractTermProblem,
  type SpecialContractTermBody,
  type SpecialContractTermResponse,
} from '@sagano/domain/master-data/special-contract-term-schemas';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { validationMessage as v } from '../../../lib/validation-messages.ts';
import { setServerFieldError, zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { useSaveSpecialContractTerm } from '../api/special-contract-terms.ts';
import { DateField } from '../../../components/date-field.tsx';
import { MAX_MASTER_NAME } from '@sagano/domain/master-data/master-name';
import { counted } from '../../../components/length-counter.tsx';

const FIELDS = ['service_from_date', 'service_to_date', 'name', 'submission_deadline', 'answer_date'] as const;
const EMPTY: SpecialContractTermBody = { service_from_date: '', service_to_date: '', name: '', submission_deadline: '', answer_date: '' };

function withoutUpdatedAt({ updated_at: _, ...values }: SpecialContractTermResponse): SpecialContractTermBody {
  return values;
}

/** Add (term null) or edit a special contract term. Mount it per term (key). */
export function SpecialContractTermFormModal({ term, onClose }: { term: SpecialContractTermResponse | null; onClose: () => void }) {
  const { t } = useTranslation(['masterData', 'common']);
  const save = useSaveSpecialContractTerm();
  const labels: FieldLabels = {
    name: () => t('terms.fields.name'),
    submission_deadline: () => t('terms.fields.deadline'),
    answer_date: () => t('terms.fields.answer'),
    service_from_date: () => t('terms.fields.from'),
    service_to_date: () => t('terms.fields.to'),
  };
  // The broken date rule, in the screen's words, on the field the domain rule names.
  const dateRuleMessage = (values: SpecialContractTermBody, field: 'service_to_date' | 'answer_date') => {
    const problem = specialContractTermProblem(values);
    if (!problem || problem.field !== field) return v.invalid(labels[field]!());
    return problem.rule === 'periodOrder' ? v.dateOrder(t('terms.fields.from'), t('terms.fields.to')) : t(`terms.validation.${problem.rule}`);
  };
  const form = useForm<SpecialContractTermBody>({
    initialValues: term ? withoutUpdatedAt(term) : EMPTY,
    validate: (values) =>
      zodValidate(CheckedSpecialContractTermBody, labels, {
        service_to_date: () => dateRuleMessage(values, 'service_to_date'),
        answer_date: () => dateRuleMessage(values, 'answer_date'),
      })({ ...values, name: values.name.trim() }),
  });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { isNew: term === null, body: { ...values, name: values.name.trim() } },
      {
        onSuccess: () => {
          notifySuccess(t(term ? 'terms.updated' : 'terms.created'));
          onClose();
        },
        // The mutation is silent (meta): errors go on their field, anything else in a toast here.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'SPECIAL_CONTRACT_TERM_OVERLAP') {
            form.setFieldError('service_from_date', errorMessage(error));
            return;
          }
          if (!setServerFieldError(form, error, FIELDS, labels)) notifyApiError(error);
        },
      },
    );
  });

  const title = t(term ? 'terms.editTitle' : 'terms.createTitle');
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput label={t('terms.fields.name')} required autoComplete="off" {...form.getInputProps('name')} {...counted(form.values.name, MAX_MASTER_NAME)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateField label={t('terms.fields.deadline')} required {...form.getInputProps('submission_deadline')} />
            <DateField label={t('terms.fields.answer')} required {...form.getInputProps('answer_date')} />
            <DateField
              label={t('terms.fields.from')}
              required
              disabled={term !== null}
              description={term ? t('terms.fromFixed') : undefined}
              {...form.getInputProps('service_from_date')}
            />
            <DateField label={t('terms.fields.to')} required {...form.getInputProps('service_to_date')} />
          </SimpleGrid>
          <FormModalActions saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
