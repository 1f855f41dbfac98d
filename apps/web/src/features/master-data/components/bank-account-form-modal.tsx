import { Alert, Checkbox, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { BANK_ACCOUNT_TYPES, BankAccountBody, MAX_ACCOUNT_NAME, MAX_BANK_NAME, type BankAccountResponse, type BankAccountType } from '@sagano/domain/master-data/bank-account-schemas';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { counted } from '../../../components/length-counter.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { validationMessage as v } from '../../../lib/validation-messages.ts';
import { setServerFieldError, zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';
import { useSaveBankAccount } from '../api/bank-accounts.ts';

type Values = {
  company_name: string;
  bank_name: string;
  branch_name: string;
  branch_code: string;
  account_code: string;
  account_name: string;
  account_type: BankAccountType | '';
  is_transfer_account: boolean;
};

const FIELDS = ['company_name', 'bank_name', 'branch_name', 'branch_code', 'account_code', 'account_name', 'account_type'] as const;

function valuesOf(account: BankAccountResponse | null): Values {
  if (account) {
    const { id: _id, updated_at: _at, ...values } = account;
    return values;
  }
  return { company_name: '', bank_name: '', branch_name: '', branch_code: '', account_code: '', account_name: '', account_type: 'ordinary', is_transfer_account: false };
}

/** Add (account null) or edit a bank account. Mount it per account (key). */
export function BankAccountFormModal({ account, onClose }: { account: BankAccountResponse | null; onClose: () => void }) {
  const { t } = useTranslation(['masterData', 'common']);
  const save = useSaveBankAccount();
  const labels: FieldLabels = Object.fromEntries(FIELDS.map((field) => [field, () => t(`bankAccounts.fields.${field}`)]));
  const validate = zodValidate(BankAccountBody, labels, {
    branch_code: () => v.digits(t('bankAccounts.fields.branch_code'), 3),
    account_code: () => v.digits(t('bankAccounts.fields.account_code'), 7),
    account_name: () => t('bankAccounts.validation.accountName'),
  });
  const form = useForm<Values>({ initialValues: valuesOf(account), validate: (values) => validate(values) });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: account?.id ?? null, body: BankAccountBody.parse(values) },
      {
        onSuccess: () => {
          notifySuccess(t(account ? 'bankAccounts.updated' : 'bankAccounts.created'));
          onClose();
        },
        // The mutation is silent (meta): errors go on their field, anything else in a toast here.
        onError: (error) => {
          if (!setServerFieldError(form, error, FIELDS, labels)) notifyApiError(error);
        },
      },
    );
  });

  const title = t(account ? 'bankAccounts.editTitle' : 'bankAccounts.createTitle');
  const typeOptions = BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`bankAccounts.types.${type}`) }));
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput label={t('bankAccounts.fields.company_name')} required autoComplete="off" {...form.getInputProps('company_name')} {...counted(form.values.company_name, MAX_BANK_NAME)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('bankAccounts.fields.bank_name')} required autoComplete="off" {...form.getInputProps('bank_name')} {...counted(form.values.bank_name, MAX_BANK_NAME)} />
            <Select
              label={t('bankAccounts.fields.account_type')}
              required
              allowDeselect={false}
              data={typeOptions}
              {...form.getInputProps('account_type')}
            />
            <TextInput label={t('bankAccounts.fields.branch_name')} required autoComplete="off" {...form.getInputProps('branch_name')} {...counted(form.values.branch_name, MAX_BANK_NAME)} />
            <TextInput
              label={t('bankAccounts.fields.branch_code')}
              description={t('bankAccounts.branchCodeHint')}
              required
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('branch_code')}
            />
            <TextInput
              label={t('bankAccounts.fields.account_code')}
              description={t('bankAccounts.accountCodeHint')}
              required
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('account_code')}
            />
          </SimpleGrid>
          <TextInput
            label={t('bankAccounts.fields.account_name')}
            required
            autoComplete="off"
            {...form.getInputProps('account_name')}
            {...counted(form.values.account_name, MAX_ACCOUNT_NAME, t('bankAccounts.accountNameHint'))}
          />
          <Checkbox
            label={t('bankAccounts.fields.is_transfer_account')}
            description={t('bankAccounts.transferHint')}
            {...form.getInputProps('is_transfer_account', { type: 'checkbox' })}
          />
          {account?.is_transfer_account && !form.getValues().is_transfer_account && (
            <Alert variant="light" color="yellow" p="xs">
              <Text size="xs">{t('bankAccounts.unmarkNote')}</Text>
            </Alert>
          )}
          <FormModalActions saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
