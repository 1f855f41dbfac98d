/**
 * The sandbox provider's calls, made by its hosted page (/sandbox-checkout/:ref). The page plays
 * a card provider's own site, which never sees our session: plain fetch without credentials (a
 * signed-in agent's cookie would otherwise travel, and a 401 must not send anyone to our login).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { anonymousRequest, apiPath } from '../../../lib/api-client.ts';

export const SANDBOX_BEHAVIOURS = ['SUCCEEDS', 'DECLINED', 'INSUFFICIENT_FUNDS', 'REQUIRES_CONFIRMATION'] as const;
export type SandboxBehaviour = (typeof SANDBOX_BEHAVIOURS)[number];

/**
 * GET /v1/sandbox-gateway/checkouts/{ref}. Written here because the sandbox provider's schemas
 * live with its routes on the server (apps/server/…/sandbox-provider.routes.ts), not in the domain:
 * it is a stand-in for an outside provider, not part of our API. `amount` is whole yen.
 */
export interface SandboxCheckout {
  ref: string;
  amount: number;
  currency: string;
  description: string;
  status: 'OPEN' | 'REQUIRES_ACTION' | 'PAID' | 'EXPIRED';
  return_url: string;
  test_cards: { number: string; behaviour: string }[];
}

/** The answer of …/pay and …/confirm. */
export interface SandboxPayResult {
  outcome: 'PAID' | 'DECLINED' | 'REQUIRES_ACTION';
  reason: string | null;
  return_url: string;
}

const sandboxRequest = anonymousRequest;

const checkoutPath = (ref: string, rest = '') => `${apiPath('/v1/sandbox-gateway/checkouts/{ref}', { ref })}${rest}`;

export const getSandboxCheckout = (ref: string) => sandboxRequest<SandboxCheckout>('GET', checkoutPath(ref));
export const paySandboxCheckout = (ref: string, cardNumber: string) => sandboxRequest<SandboxPayResult>('POST', checkoutPath(ref, '/pay'), { card_number: cardNumber });
export const confirmSandboxCheckout = (ref: string, approve: boolean) => sandboxRequest<SandboxPayResult>('POST', checkoutPath(ref, '/confirm'), { approve });

/**
 * The provider's page holds no data of ours (no area root, ADR 008): nothing else reads or
 * refreshes it. Its errors are shown on the page itself, never as the back office's toasts.
 */
export const sandboxCheckoutKey = (ref: string) => ['sandbox-checkout', ref] as const;

export function useSandboxCheckout(ref: string) {
  return useQuery(
    queryOptions({
      queryKey: sandboxCheckoutKey(ref),
      queryFn: () => getSandboxCheckout(ref),
      meta: { silentError: true },
      enabled: ref !== '',
      staleTime: Infinity,
    }),
  );
}

export function useSandboxPay(ref: string) {
  return useMutation({ mutationFn: (cardNumber: string) => paySandboxCheckout(ref, cardNumber), meta: { silentError: true } });
}

export function useSandboxConfirm(ref: string) {
  return useMutation({ mutationFn: (approve: boolean) => confirmSandboxCheckout(ref, approve), meta: { silentError: true } });
}
