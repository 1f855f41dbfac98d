import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '@sagano/domain/common/paging-limits';
import type { MessageCategory } from '@sagano/domain/messages/message-categories';
import type { MessageBody, MessageListResponse, MessageOrderResponse, MessageResponse } from '@sagano/domain/messages/message-schemas';
import { apiClient, apiPath, withQuery } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { messagesKeys } from './messages-keys.ts';

const PATH = '/v1/messages';
/** One article's address; a missing id refuses the call, naming message_id (spec 001 §8). */
const messagePath = (id: number) => apiPath(`${PATH}/{message_id}`, { message_id: id });

/** The board: every article, larger sort_id first (one page of the most the API gives). */
export function messageBoardQuery() {
  return queryOptions({ queryKey: messagesKeys.board, queryFn: () => apiClient.get<MessageListResponse>(withQuery(PATH, { per_page: MAX_PER_PAGE })) });
}

export function useMessageBoard() {
  return useQuery(messageBoardQuery());
}

/**
 * One article. Its page reports a 404 itself (gone, or deleted while open) and looks again when
 * the window regains focus, so an article deleted meanwhile is noticed.
 */
export function useMessage(id: number) {
  return useQuery(
    queryOptions({
      queryKey: messagesKeys.detail(id),
      queryFn: () => apiClient.get<MessageResponse>(messagePath(id)),
      meta: { silentError: true },
      refetchOnWindowFocus: 'always',
    }),
  );
}

function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryRoots.messages });
}

/** POST a new article or PUT a change; the form reports its own errors. */
export function useSaveMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MessageBody }) =>
      id === null ? apiClient.post<MessageResponse>(PATH, body) : apiClient.put<MessageResponse>(messagePath(id), body),
    meta: { silentError: true },
    onSettled: invalidate,
  });
}

export function useDeleteMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({ mutationFn: (id: number) => apiClient.delete<{ ok: true }>(messagePath(id)), onSettled: invalidate });
}

/**
 * PUT one category's new order. The board shows it at once (the cached list is rewritten) and
 * goes back to the server's order when the call fails.
 */
export function useReorderMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { category: MessageCategory; message_ids: number[] }) => apiClient.put<MessageOrderResponse>(`${PATH}/order`, body),
    onMutate: async ({ category, message_ids }) => {
      await queryClient.cancelQueries({ queryKey: messagesKeys.board });
      queryClient.setQueryData<MessageListResponse>(messagesKeys.board, (board) => {
        if (!board) return board;
        const byId = new Map(board.messages.map((m) => [m.id, m]));
        const reordered = message_ids.map((id, i) => ({ ...byId.get(id)!, sort_id: (message_ids.length - i) * 10 }));
        return { ...board, messages: [...board.messages.filter((m) => m.category !== category), ...reordered] };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.messages }),
  });
}

/** POST one file (multipart/form-data); the caller reports its own errors. */
export function useUploadAttachment() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: ({ messageId, file }: { messageId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiClient.post<MessageResponse>(`${messagePath(messageId)}/attachments`, form);
    },
    meta: { silentError: true },
    onSettled: invalidate,
  });
}

export function useDeleteAttachment() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: ({ messageId, attachmentId }: { messageId: number; attachmentId: number }) =>
      apiClient.delete<MessageResponse>(apiPath(`${PATH}/{message_id}/attachments/{attachment_id}`, { message_id: messageId, attachment_id: attachmentId })),
    onSettled: invalidate,
  });
}
