/** Pages a visitor without a valid token may open (spec §2 plus the other signed-out pages). */
export const SIGNED_OUT_PAGES = ['/signin', '/preview-vehicle', '/signup', '/forgot', '/_error'] as const;
/** Pages a fully signed-in visitor is sent away from, to `/`. */
export const SIGNED_IN_AWAY = ['/signin', '/choose-role', '/signup', '/forgot'] as const;

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';

/**
 * Server-side access redirects (spec §2): where to send a page request, or null to serve it.
 * `hasToken` means a valid token; `hasRole` a chosen role the user holds.
 */
export function accessRedirect(input: { path: string; hasToken: boolean; hasRole: boolean }): string | null {
  const path = normalise(input.path);
  if (!input.hasToken) return (SIGNED_OUT_PAGES as readonly string[]).includes(path) ? null : '/signin';
  if (!input.hasRole) return path === '/choose-role' ? null : '/choose-role';
  return (SIGNED_IN_AWAY as readonly string[]).includes(path) ? '/' : null;
}
