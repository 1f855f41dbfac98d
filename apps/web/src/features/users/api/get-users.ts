import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListQuery, UserListResponse } from '@sagano/domain/users/user-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const usersKeys = {
  all: queryRoots.users,
  list: (params: UserListQuery) => [...queryRoots.users, 'list', params] as const,
};

/** GET /v1/users: operator users matching `query`, paged. */
export function getUsers(params: UserListQuery): Promise<UserListResponse> {
  return apiClient.get<UserListResponse>('/v1/users', params);
}

export function usersQueryOptions(params: UserListQuery) {
  return queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListQuery) {
  return useQuery(usersQueryOptions(params));
}
