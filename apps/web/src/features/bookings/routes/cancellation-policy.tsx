import { Box, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PrintablePageBar } from '../components/printable-page-bar.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useCancellationPolicy } from '../api/get-cancellation-policy.ts';
import { CancellationPolicyTable } from '../components/cancellation-policy-table.tsx';

/**
 * /cancellation-policy/document: the policy document (spec 001 §7.7 names a link to it): the operator's
 * policy in force, printable, open without a session (agents and the group's page link here).
 */
export function Component() {
  const { t } = useTranslation('bookings');
  const { data } = useCancellationPolicy();
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <PrintablePageBar />
        <Title order={1} size="h2">
          {t('policyDocument.title')}
        </Title>
        <Text size="sm">{t('policyDocument.lead')}</Text>
        {!data ? (
          <Loader size="sm" role="status" aria-label={t('policyDocument.title')} />
        ) : (
          <>
            <CancellationPolicyTable policy={data.policy} withDocumentLink={false} />
            <Text size="sm">{t('policyDocument.frozen')}</Text>
            {data.updated_at && (
              <Box>
                <Text size="xs" c="dimmed">
                  {t('policyDocument.updatedAt', { date: formatDateTime(data.updated_at) })}
                </Text>
              </Box>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
