import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, UserResponse } from '@sagano/domain/users/user-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './get-users.ts';

/** PUT /v1/users: the body names the user by uid. */
export function updateUser(body: UpdateUserBody): Promise<UserResponse> {
  return apiClient.put<UserResponse>('/v1/users', body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
