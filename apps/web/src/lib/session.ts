import { COOKIE } from '@pantau/contracts';
import { api, isApiError } from './api-client';
import { useAuthStore } from './auth-store';
import { setCookie } from './cookies';
import { clearSession, saveRole, type StoredRole } from './role-storage';

export const LOCKED_KEY = 'locked';
export const LOCKED_FROM_KEY = 'locked_from';

/**
 * The logout routine (spec §4, S-025): the server clears the HttpOnly token cookie, the client clears
 * display_name and the role cookies and storage keys, then the page reloads into /signin. A 401 means
 * the session is already gone and counts as success; any other failure is thrown for a toast.
 */
let pending: Promise<void> | undefined;

export function signOut(): Promise<void> {
  // A 401 from several calls at once, or the boot and the 401 handler together, sign out once.
  pending ??= runSignOut().finally(() => {
    pending = undefined;
  });
  return pending;
}

async function runSignOut(): Promise<void> {
  try {
    await api.post('auth/logout');
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
  clearSession();
  window.sessionStorage.removeItem(LOCKED_KEY);
  window.sessionStorage.removeItem(LOCKED_FROM_KEY);
  useAuthStore.getState().logoutDone();
  // The server would redirect a reload of a signed-out page to /signin; going there directly also
  // works under the Vite dev server, which does no redirects.
  window.location.assign('/signin');
}

export function rememberDisplayName(displayName: string): void {
  setCookie(COOKIE.displayName, displayName);
}

/** Saves the chosen role (cookies + storage, S-018) and reloads so every call carries it. */
export function chooseRole(role: StoredRole, reloadTo?: string): void {
  saveRole(role);
  if (reloadTo) window.location.assign(reloadTo);
  else window.location.reload();
}
