import { describe, expect, it } from 'vitest';
import { authTransitions, initialAuthState, useAuthStore } from './auth-store';

describe('auth store', () => {
  it('S-022 initially no token and logout unset', () => {
    expect(initialAuthState).toEqual({ token: '', logout: undefined, user: null });
    expect(useAuthStore.getState()).toMatchObject({ token: '', logout: undefined });
  });
  it('S-022 login sets the token and logout false; logout empties the token and sets logout true', () => {
    const signedIn = authTransitions.login(initialAuthState);
    expect(signedIn).toMatchObject({ token: 'cookie', logout: false });
    expect(authTransitions.logout()).toEqual({ token: '', logout: true, user: null });
    useAuthStore.getState().login();
    expect(useAuthStore.getState()).toMatchObject({ token: 'cookie', logout: false });
    useAuthStore.getState().logoutDone();
    expect(useAuthStore.getState()).toMatchObject({ token: '', logout: true, user: null });
  });
});
