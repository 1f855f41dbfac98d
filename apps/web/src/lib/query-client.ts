import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { notifyApiError } from './notify.ts';
import { queryRoots } from './query-keys.ts';

/** Extra options a query or mutation may carry. */
export type AppMeta = {
  /** The screen reports this call's errors itself: no global error toast. */
  silentError?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

function toastUnlessHandled(error: Error, meta: AppMeta | undefined): void {
  if (meta?.silentError) return;
  // A 401 sends the user to the login screen, which says so itself.
  if (error instanceof ApiError && error.status === 401) return;
  notifyApiError(error);
}

function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastUnlessHandled(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        toastUnlessHandled(error, mutation.meta);
        // A step begun on a booking someone else changed: the toast says so, and the screen shows the booking as it now is.
        if (error instanceof ApiError && error.code === 'BOOKING_CHANGED') void client.invalidateQueries({ queryKey: queryRoots.bookings });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
