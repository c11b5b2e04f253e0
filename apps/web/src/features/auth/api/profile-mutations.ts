import {
  loginUser,
  tokenResponse,
  type LoginUser,
  type PasswordChangeInput,
  type ProfileInput,
} from '@pantau/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth-store';
import { rememberDisplayName } from '../../../lib/session';
import { authKeys } from './auth-keys';

/** PUT auth/profile — answers the user as auth/me does. */
export const updateProfile = (body: ProfileInput): Promise<LoginUser> =>
  api.put('auth/profile', { body, schema: loginUser });

/** PUT auth/password — the server ends the other sessions and sets a fresh token cookie for this one. */
export const changePassword = (body: PasswordChangeInput) =>
  api.put('auth/password', { body, schema: tokenResponse });

/** Saves the profile and moves the new name everywhere it shows (auth/me, the top bar, display_name). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me, user);
      useAuthStore.getState().setUser(user);
      rememberDisplayName(user.displayName);
    },
  });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
