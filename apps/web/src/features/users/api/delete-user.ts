import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { usersKeys } from './get-users.ts';

/** DELETE /v1/users/{uid}. */
export function deleteUser(uid: string): Promise<void> {
  return apiClient.delete<void>(apiPath('/v1/users/{uid}', { uid }));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
