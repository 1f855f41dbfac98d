import { Button, Code, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { mailSignature, OperatorBasicInfoBody, type OperatorBasicInfoResponse } from '@sagano/domain/master-data/operator-basic-info-schemas';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { setServerFieldError, zodValidate } from '../../../lib/zod-form.ts';
import { useOperatorBasicInfo, useSaveOperatorBasicInfo } from '../api/operator-basic-info.ts';

const FIELDS = ['name', 'tel', 'business_hours', 'address', 'invoice_number'] as const;

function BasicInfoForm({ info }: { info: OperatorBasicInfoResponse }) {
  const { t } = useTranslation(['masterData', 'common']);
  const save = useSaveOperatorBasicInfo();
  const validate = zodValidate(OperatorBasicInfoBody, { invoice_number: () => t('basicInfo.validation.invoiceNumber'), tel: () => t('basicInfo.validation.tel') });
  const { updated_at: _, ...initialValues } = info;
  const form = useForm<OperatorBasicInfoBody>({ initialValues, validate: (values) => validate(values) });
  const submit = form.onSubmit((values) =>
    save.mutate(OperatorBasicInfoBody.parse(values), {
      onSuccess: (saved) => {
        const { updated_at: __, ...next } = saved;
        form.setValues(next);
        form.resetDirty(next);
        notifySuccess(t('basicInfo.saved'));
      },
      onError: (error) => {
        if (!setServerFieldError(form, error, FIELDS)) notifyApiError(error);
      },
    }),
  );
  const values = form.getValues();
  return (
    <form onSubmit={submit} noValidate aria-label={t('basicInfo.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('basicInfo.fields.name')} required autoComplete="organization" {...form.getInputProps('name')} />
          <TextInput label={t('basicInfo.fields.tel')} required autoComplete="tel" {...form.getInputProps('tel')} />
          <TextInput label={t('basicInfo.fields.business_hours')} {...form.getInputProps('business_hours')} />
          <TextInput
            label={t('basicInfo.fields.invoice_number')}
            description={t('basicInfo.invoiceHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('invoice_number')}
          />
        </SimpleGrid>
        <TextInput label={t('basicInfo.fields.address')} autoComplete="street-address" {...form.getInputProps('address')} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('basicInfo.signaturePreview')}
          </Text>
          <Code block data-testid="signature-preview">
            {mailSignature({ name: values.name.trim(), tel: values.tel.trim(), business_hours: values.business_hours.trim() })}
          </Code>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /basic-info: the operator's name and contact details (spec 000 Master menu「基本情報」). */
export function Component() {
  const { t } = useTranslation('masterData');
  const info = useOperatorBasicInfo();
  return (
    <>
      <PageHeader title={t('basicInfo.title')} description={t('basicInfo.description')} />
      <Paper withBorder p="md" pos="relative" maw={900}>
        <LoadingOverlay visible={info.isPending} />
        {info.data && <BasicInfoForm key={info.data.updated_at} info={info.data} />}
      </Paper>
    </>
  );
}
