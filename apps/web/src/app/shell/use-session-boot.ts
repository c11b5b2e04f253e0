import type { LoginUser } from '@pantau/contracts';
import { useEffect } from 'react';
import { useMe } from '../../features/auth/api/get-me';
import { useSettingsOnSignIn } from '../../features/settings/model/use-settings-on-sign-in';
import { useAuthStore } from '../../lib/auth-store';
import { setUnitTimeZone } from '../../lib/date-time';
import { useLayoutStore } from '../../lib/layout-store';
import { getStoredRole, roleFromGroup, roleMatchesGroups } from '../../lib/role-storage';
import { chooseRole, rememberDisplayName } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

export type RoleDecision =
  { kind: 'keep' } | { kind: 'save'; group: LoginUser['groups'][number] } | { kind: 'choose' };

/**
 * What to do with the role after `auth/me` (S-024): a stored role that is one of the user's groups stays;
 * otherwise exactly one group is saved, and several (or none) open the Choose Role dialog.
 */
export function decideRole(user: LoginUser, stored: ReturnType<typeof getStoredRole>): RoleDecision {
  if (stored && roleMatchesGroups(stored, user.groups)) return { kind: 'keep' };
  const only = user.groups.length === 1 ? user.groups[0] : undefined;
  if (only) return { kind: 'save', group: only };
  return { kind: 'choose' };
}

/**
 * On load when signed in: fetch `auth/me`, store it, remember display_name, settle the role; if the
 * call fails, log the error description and log out (S-027).
 */
export function useSessionBoot({ onChoosePage = false }: { onChoosePage?: boolean } = {}) {
  const me = useMe();
  const signOut = useSignOut();
  const setRoleDialog = useLayoutStore((s) => s.setRoleDialog);
  // The user's own settings (language, time zone, map style, sound) follow them to this browser.
  useSettingsOnSignIn(me.data);

  useEffect(() => {
    if (!me.data) return;
    useAuthStore.getState().setUser(me.data);
    rememberDisplayName(me.data.displayName);
    const stored = getStoredRole();
    const decision = decideRole(me.data, stored);
    const group =
      decision.kind === 'save' ? decision.group : me.data.groups.find((g) => g.unitId === stored?.roleUnit);
    // Times follow the chosen unit's zone unless the user picked their own.
    if (group) setUnitTimeZone(group.timeZone);
    if (decision.kind === 'save') chooseRole(roleFromGroup(decision.group), onChoosePage ? '/' : undefined);
    else if (decision.kind === 'choose') setRoleDialog(true);
  }, [me.data, onChoosePage, setRoleDialog]);

  useEffect(() => {
    if (!me.isError) return;
    console.error(me.error.message);
    void signOut();
  }, [me.isError, me.error, signOut]);

  return me;
}
