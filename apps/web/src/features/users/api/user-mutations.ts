import { userRow, type UserCreateInput, type UserUpdateInput } from '@pantau/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unitKeys } from '../../../lib/api/units';
import { userKeys } from './get-users';

/** POST users: a new account (with a password) or an existing user added to this unit (without). */
export const createUser = (input: UserCreateInput) => api.postAuth('users', { body: input, schema: userRow });
/** PUT users/{userId}: role in this unit, disabled, display name, e-mail. */
export const updateUser = (userId: number, input: UserUpdateInput) =>
  api.put(`users/${userId}`, { body: input, schema: userRow });
/** DELETE users/{userId}: out of this unit only; the account stays. */
export const removeUser = (userId: number) => api.delete<void>(`users/${userId}`);
/** POST users/{userId}/reset-password: the user's sessions end. */
export const resetUserPassword = (userId: number, password: string) =>
  api.postAuth<void>(`users/${userId}/reset-password`, { body: { password } });

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: userKeys.all }),
      // The unit card counts users.
      client.invalidateQueries({ queryKey: unitKeys.infos }),
    ]);
}

export function useCreateUser() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createUser, onSuccess: refresh });
}

export function useUpdateUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: UserUpdateInput }) => updateUser(userId, input),
    onSuccess: refresh,
  });
}

export function useRemoveUser() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: removeUser, onSuccess: refresh });
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) =>
      resetUserPassword(userId, password),
  });
}
