import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Box, Button, Center, Container, Divider, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFlask, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { e6OfYen } from '@sagano/domain/money/yen-e6';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatYen } from '../../../lib/yen.ts';
import { SANDBOX_BEHAVIOURS, useSandboxCheckout, useSandboxConfirm, useSandboxPay, type SandboxCheckout, type SandboxPayResult } from '../api/sandbox-checkout.ts';
import { leavePage } from '../components/leave-page.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';

/** How long "paid" stays on screen before the browser goes back to the booking. */
export const RETURN_DELAY_MS = 1_500;

const digitsOf = (text: string) => text.replace(/[\s-]/g, '');
/** 4242424242424242 → 4242 4242 4242 4242 */
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
/** The booking's address without the "just paid" marker, for a link back from a page with nothing to pay. */
const plainReturn = (url: string) => url.replace(/[?&]payment=returned\b/, '');

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('payments');
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-1)">
      <Box bg="var(--mantine-color-yellow-4)" py={6} px="md" role="note" data-testid="sandbox-banner">
        <Group justify="center" gap={8} wrap="nowrap">
          <IconFlask size={18} aria-hidden style={{ flex: 'none' }} />
          <Text size="sm" fw={700} ta="center">
            {t('sandbox.banner')}
          </Text>
        </Group>
      </Box>
      <Container size={560} px="md" py="xl">
        <Group justify="space-between" mb="md" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <IconLock size={22} aria-hidden color="var(--mantine-color-dark-4)" />
            <Text fw={700} size="lg">
              {t('sandbox.brand')}
            </Text>
            <Badge color="yellow" variant="filled" c="black" radius="sm">
              {t('sandbox.badge')}
            </Badge>
          </Group>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" radius="md" p="lg" component="main">
          {children}
        </Paper>
        <Text size="xs" c="dimmed" ta="center" mt="md">
          {t('sandbox.footer')}
        </Text>
      </Container>
    </Box>
  );
}

function Summary({ checkout }: { checkout: SandboxCheckout }) {
  const { t } = useTranslation('payments');
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t('sandbox.descriptionLabel')}
      </Text>
      <Text size="sm" data-testid="sandbox-description">
        {checkout.description}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        {t('sandbox.amountLabel')}
      </Text>
      <Text fz={32} fw={700} lh={1.2} data-testid="sandbox-amount">
        {t('yen', { amount: formatYen(e6OfYen(checkout.amount)) })}
      </Text>
    </Stack>
  );
}

function TestCards({ checkout, onUse }: { checkout: SandboxCheckout; onUse: (number: string) => void }) {
  const { t } = useTranslation('payments');
  const known = (b: string): b is (typeof SANDBOX_BEHAVIOURS)[number] => (SANDBOX_BEHAVIOURS as readonly string[]).includes(b);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={700}>
        {t('sandbox.testCards')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('sandbox.testCardsHint')}
      </Text>
      <Table verticalSpacing={6} horizontalSpacing="xs" aria-label={t('sandbox.testCards')} data-testid="sandbox-test-cards">
        <Table.Tbody>
          {checkout.test_cards.map((card) => (
            <Table.Tr key={card.number}>
              <Table.Td ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {grouped(card.number)}
              </Table.Td>
              <Table.Td fz="sm">{known(card.behaviour) ? t(`sandbox.behaviour.${card.behaviour}`) : card.behaviour}</Table.Td>
              <Table.Td ta="right">
                <Button size="compact-xs" variant="subtle" onClick={() => onUse(grouped(card.number))} aria-label={`${t('sandbox.useCard')} ${grouped(card.number)}`}>
                  {t('sandbox.useCard')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Declined({ reason }: { reason: string | null }) {
  const { t } = useTranslation('payments');
  const key = reason === 'card_declined' || reason === 'insufficient_funds' || reason === 'authentication_failed' ? reason : 'other';
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('sandbox.declinedTitle')} role="alert" data-testid="sandbox-declined">
      <Text size="sm">{t(`sandbox.declinedReason.${key}`)}</Text>
      <Text size="sm">{t('sandbox.declinedRetry')}</Text>
    </Alert>
  );
}

/** The end of the page: a message and the way back to the booking. */
function Finished({ title, text, href, testId, icon }: { title?: string; text: string; href: string; testId: string; icon: ReactNode }) {
  const { t } = useTranslation('payments');
  return (
    <Stack align="center" ta="center" gap="sm" py="md" data-testid={testId}>
      {icon}
      {title && (
        <Title order={1} size="h3">
          {title}
        </Title>
      )}
      <Text>{text}</Text>
      <Anchor href={href}>{t('sandbox.backToBooking')}</Anchor>
    </Stack>
  );
}

/**
 * /sandbox-checkout/:ref: the built-in sandbox provider's hosted page (DESIGN §6). Outside the
 * back office (no login, no shell), labelled as a test environment on every screen: the amount
 * and what it is for, the test card numbers and what each does, the card number alone (no expiry
 * or security code). A decline keeps the form with the reason; a card asking for confirmation
 * shows the card holder's approve / reject step; once paid, the browser goes back to the booking.
 */
export function Component() {
  const { t } = useTranslation('payments');
  const { ref = '' } = useParams();
  const checkout = useSandboxCheckout(ref);
  const pay = useSandboxPay(ref);
  const confirm = useSandboxConfirm(ref);
  const [card, setCard] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [result, setResult] = useState<SandboxPayResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    document.title = t('sandbox.pageTitle');
  }, [t]);

  const paid = result?.outcome === 'PAID';
  useEffect(() => {
    if (!paid || !result) return;
    const timer = setTimeout(() => leavePage(result.return_url), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [paid, result]);

  if (checkout.isPending) {
    return (
      <Frame>
        <Center py="xl" role="status" aria-label={t('sandbox.loading')}>
          <Loader />
        </Center>
      </Frame>
    );
  }
  if (checkout.isError) {
    const notFound = checkout.error instanceof ApiError && (checkout.error.status === 404 || checkout.error.status === 400);
    return (
      <Frame>
        <Stack align="center" ta="center" gap="sm" py="md" data-testid="sandbox-unavailable">
          <IconAlertTriangle size={40} color="var(--mantine-color-orange-6)" aria-hidden />
          <Text>{notFound ? t('sandbox.notFound') : t('sandbox.loadError')}</Text>
          {!notFound && <Button onClick={() => void checkout.refetch()}>{t('sandbox.retry')}</Button>}
        </Stack>
      </Frame>
    );
  }
  const data = checkout.data;
  const handled = (answer: SandboxPayResult) => {
    setFailure(null);
    setResult(answer);
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.field === 'card_number') setCardError(t('sandbox.cardUnknown'));
    else setFailure(errorMessage(error));
  };

  if (paid) {
    return (
      <Frame>
        <Stack align="center" ta="center" gap="sm" py="md" data-testid="sandbox-paid" role="status">
          <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" aria-hidden />
          <Title order={1} size="h3">
            {t('sandbox.paidTitle')}
          </Title>
          <Summary checkout={data} />
          <Group gap={8}>
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('sandbox.paidReturning')}
            </Text>
          </Group>
          <Anchor href={result.return_url}>{t('sandbox.returnNow')}</Anchor>
        </Stack>
      </Frame>
    );
  }
  if (data.status === 'PAID' && !result) {
    return (
      <Frame>
        <Finished testId="sandbox-already-paid" icon={<IconCircleCheck size={40} color="var(--mantine-color-teal-6)" aria-hidden />} text={t('sandbox.alreadyPaid')} href={plainReturn(data.return_url)} />
      </Frame>
    );
  }
  if (data.status === 'EXPIRED') {
    return (
      <Frame>
        <Finished testId="sandbox-expired" icon={<IconAlertTriangle size={40} color="var(--mantine-color-orange-6)" aria-hidden />} text={t('sandbox.expired')} href={plainReturn(data.return_url)} />
      </Frame>
    );
  }

  // The card holder's confirmation: asked by the pay answer, or still pending when the page is opened again.
  const confirming = result?.outcome === 'REQUIRES_ACTION' || (result === null && data.status === 'REQUIRES_ACTION');
  const declined = result?.outcome === 'DECLINED' ? result : null;
  const amount = t('yen', { amount: formatYen(e6OfYen(data.amount)) });

  return (
    <Frame>
      <Stack gap="lg">
        <Summary checkout={data} />
        <Divider />
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        {confirming ? (
          <Stack gap="sm" data-testid="sandbox-confirm">
            <Group gap={8}>
              <IconShieldCheck size={22} aria-hidden color="var(--mantine-color-blue-6)" />
              <Title order={2} size="h4">
                {t('sandbox.confirmTitle')}
              </Title>
            </Group>
            <Text size="sm">{t('sandbox.confirmText')}</Text>
            <Group grow>
              <Button variant="default" disabled={confirm.isPending} onClick={() => confirm.mutate(false, { onSuccess: handled, onError: failed })}>
                {t('sandbox.reject')}
              </Button>
              <Button loading={confirm.isPending} onClick={() => confirm.mutate(true, { onSuccess: handled, onError: failed })}>
                {t('sandbox.approve')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            {declined && <Declined reason={declined.reason} />}
            <TestCards
              checkout={data}
              onUse={(number) => {
                setCard(number);
                setCardError(null);
              }}
            />
            <form
              noValidate
              aria-label={t('sandbox.brand')}
              onSubmit={(event) => {
                event.preventDefault();
                const number = digitsOf(card);
                if (number === '') return setCardError(validationMessage.required(t('sandbox.cardNumber')));
                if (!data.test_cards.some((c) => c.number === number)) return setCardError(t('sandbox.cardUnknown'));
                pay.mutate(number, { onSuccess: handled, onError: failed });
              }}
            >
              <Stack gap="sm">
                <TextInput
                  label={t('sandbox.cardNumber')}
                  description={t('sandbox.cardNumberHint')}
                  placeholder="4242 4242 4242 4242"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={23}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  value={card}
                  error={cardError}
                  onChange={(event) => {
                    setCard(event.currentTarget.value);
                    setCardError(null);
                  }}
                />
                <Button type="submit" size="md" fullWidth loading={pay.isPending} leftSection={<IconLock size={16} aria-hidden />}>
                  {t('sandbox.pay', { amount })}
                </Button>
              </Stack>
            </form>
          </>
        )}
      </Stack>
    </Frame>
  );
}
