import { Button, Code, Grid, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  mailSignature,
  MAX_BUSINESS_HOURS,
  MAX_OPERATOR_ADDRESS,
  MAX_OPERATOR_NAME,
  MIN_GROUP_SIZE,
  OPERATOR_IMAGES,
  OperatorBasicInfoBody,
  type OperatorBasicInfoResponse,
} from '@sagano/domain/master-data/operator-basic-info-schemas';
import { counted } from '../../../components/length-counter.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { inSentence, validationMessage as v } from '../../../lib/validation-messages.ts';
import { setServerFieldError, zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { useOperatorBasicInfo, useSaveOperatorBasicInfo } from '../api/operator-basic-info.ts';
import { OperatorImageCard } from '../components/operator-image-card.tsx';

const FIELDS = ['name', 'tel', 'business_hours', 'address', 'invoice_number', 'postal_code', 'fax', 'min_group_size'] as const;

/** The form's part of the record (the images have cards of their own); the minimum group size as typed, kept as text. */
type BasicInfoValues = Omit<Required<OperatorBasicInfoBody>, 'min_group_size'> & { min_group_size: string };

function formValues(info: OperatorBasicInfoResponse): BasicInfoValues {
  return {
    name: info.name,
    tel: info.tel,
    business_hours: info.business_hours,
    address: info.address,
    invoice_number: info.invoice_number,
    postal_code: info.postal_code,
    fax: info.fax,
    min_group_size: String(info.min_group_size),
  };
}

/** The body to send: the typed minimum as a number when it is a whole number in range (else NaN, refused by the schema). */
function toBody(values: BasicInfoValues): OperatorBasicInfoBody {
  const text = values.min_group_size.trim();
  return { ...values, min_group_size: /^\d+$/.test(text) ? Number(text) : Number.NaN };
}

function BasicInfoForm({ info }: { info: OperatorBasicInfoResponse }) {
  const { t } = useTranslation(['masterData', 'common']);
  const save = useSaveOperatorBasicInfo();
  const labels: FieldLabels = Object.fromEntries(FIELDS.map((field) => [field, () => t(`basicInfo.fields.${field}`)]));
  const label = (field: (typeof FIELDS)[number]) => inSentence(t(`basicInfo.fields.${field}`));
  const validate = zodValidate(OperatorBasicInfoBody, labels, {
    invoice_number: () => t('basicInfo.validation.invoiceNumber', { name: label('invoice_number') }),
    tel: () => v.tel(t('basicInfo.fields.tel')),
    postal_code: () => t('basicInfo.validation.postalCode', { name: label('postal_code') }),
    fax: () => v.tel(t('basicInfo.fields.fax')),
    min_group_size: () => v.range(t('basicInfo.fields.min_group_size'), MIN_GROUP_SIZE.min, MIN_GROUP_SIZE.max),
  });
  const form = useForm<BasicInfoValues>({ initialValues: formValues(info), validate: (values) => validate(toBody(values)) });
  const submit = form.onSubmit((values) =>
    save.mutate(OperatorBasicInfoBody.parse(toBody(values)), {
      onSuccess: (saved) => {
        const next = formValues(saved);
        form.setValues(next);
        form.resetDirty(next);
        notifySuccess(t('basicInfo.saved'));
      },
      onError: (error) => {
        if (!setServerFieldError(form, error, FIELDS, labels)) notifyApiError(error);
      },
    }),
  );
  const values = form.getValues();
  return (
    <form onSubmit={submit} noValidate aria-label={t('basicInfo.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('basicInfo.fields.name')} required autoComplete="organization" {...form.getInputProps('name')} {...counted(form.values.name, MAX_OPERATOR_NAME)} />
          <TextInput
            label={t('basicInfo.fields.invoice_number')}
            description={t('basicInfo.invoiceHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('invoice_number')}
          />
          <TextInput label={t('basicInfo.fields.tel')} required autoComplete="tel" {...form.getInputProps('tel')} />
          <TextInput label={t('basicInfo.fields.fax')} autoComplete="off" {...form.getInputProps('fax')} />
          <TextInput label={t('basicInfo.fields.business_hours')} {...form.getInputProps('business_hours')} {...counted(form.values.business_hours, MAX_BUSINESS_HOURS)} />
          <TextInput
            label={t('basicInfo.fields.min_group_size')}
            description={t('basicInfo.minGroupSizeHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            inputMode="numeric"
            autoComplete="off"
            w={220}
            {...form.getInputProps('min_group_size')}
          />
        </SimpleGrid>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput label={t('basicInfo.fields.postal_code')} placeholder={t('basicInfo.postalCodePlaceholder')} autoComplete="postal-code" {...form.getInputProps('postal_code')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 9 }}>
            <TextInput label={t('basicInfo.fields.address')} autoComplete="street-address" {...form.getInputProps('address')} {...counted(form.values.address, MAX_OPERATOR_ADDRESS)} />
          </Grid.Col>
        </Grid>
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

/** /basic-info: the operator's name and contact details, logo and company stamp (spec 000 Master menu「基本情報」). */
export function Component() {
  const { t } = useTranslation('masterData');
  const info = useOperatorBasicInfo();
  // An image upload changes updated_at but not the form's fields: the form is made anew only when they change.
  const formKey = info.data ? JSON.stringify(formValues(info.data)) : '';
  return (
    <>
      <PageHeader title={t('basicInfo.title')} description={t('basicInfo.description')} />
      <Stack gap="md" maw={900}>
        <Paper withBorder p="md" pos="relative">
          <LoadingOverlay visible={info.isPending} />
          {info.data && <BasicInfoForm key={formKey} info={info.data} />}
        </Paper>
        <Paper withBorder p="md" pos="relative" component="section" aria-label={t('basicInfo.images.title')}>
          <Stack gap="sm">
            <div>
              <Title order={3} size="h5">
                {t('basicInfo.images.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('basicInfo.images.description')}
              </Text>
            </div>
            {info.data && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {OPERATOR_IMAGES.map((image) => (
                  <OperatorImageCard key={image} image={image} url={info.data[`${image}_url`]} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
