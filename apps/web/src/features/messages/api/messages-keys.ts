import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the dashboard articles; a live `message.changed` invalidates `queryRoots.messages`. */
export const messagesKeys = {
  board: [...queryRoots.messages, 'board'] as const,
  detail: (id: number) => [...queryRoots.messages, 'detail', id] as const,
};
