import {
  tokenResponse,
  type ForgotRequest,
  type LoginRequest,
  type ResetRequest,
  type SignupRequest,
  type UnlockRequest,
} from '@pantau/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST auth/login; the server sets the HttpOnly token cookie, the answer still carries data.access_token. */
export const login = (body: LoginRequest) => api.post('auth/login', { body, schema: tokenResponse });
export const signup = (body: SignupRequest) => api.post<unknown>('auth/signup', { body });
export const forgot = (body: ForgotRequest) => api.post<unknown>('auth/forgot', { body });
export const resetPassword = (body: ResetRequest) => api.post<unknown>('auth/reset', { body });
export const unlock = (body: UnlockRequest) => api.postAuth<unknown>('auth/unlock', { body });

export const useLogin = () => useMutation({ mutationFn: login });
export const useSignup = () => useMutation({ mutationFn: signup });
export const useForgot = () => useMutation({ mutationFn: forgot });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useUnlock = () => useMutation({ mutationFn: unlock });
