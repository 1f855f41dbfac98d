import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, UserResponse } from '@sagano/domain/users/user-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './get-users.ts';

/** POST /v1/users: the server mails the new user a link to set a password. */
export function createUser(body: CreateUserBody): Promise<UserResponse> {
  return apiClient.post<UserResponse>('/v1/users', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
