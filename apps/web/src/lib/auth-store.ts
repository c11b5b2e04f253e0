import type { LoginUser } from '@pantau/contracts';
import { create } from 'zustand';

/**
 * Auth state (spec §4). The token itself is an HttpOnly cookie the script never sees, so `token` is
 * 'cookie' once signed in and '' otherwise.
 */
export interface AuthState {
  token: '' | 'cookie';
  logout: boolean | undefined;
  user: LoginUser | null;
}

export const initialAuthState: AuthState = { token: '', logout: undefined, user: null };

export const authTransitions = {
  login: (state: AuthState): AuthState => ({ ...state, token: 'cookie', logout: false }),
  logout: (): AuthState => ({ token: '', logout: true, user: null }),
  setUser: (state: AuthState, user: LoginUser): AuthState => ({ ...state, token: 'cookie', user }),
};

interface AuthActions {
  login: () => void;
  logoutDone: () => void;
  setUser: (user: LoginUser) => void;
}

export const useAuthStore = create<AuthState & AuthActions>()((set) => ({
  ...initialAuthState,
  login: () => set((s) => authTransitions.login(s)),
  logoutDone: () => set(authTransitions.logout()),
  setUser: (user) => set((s) => authTransitions.setUser(s, user)),
}));
