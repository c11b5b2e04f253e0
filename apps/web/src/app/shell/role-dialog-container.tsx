import { useLayoutStore } from '../../lib/layout-store';
import { getStoredRole, roleFromGroup } from '../../lib/role-storage';
import { chooseRole } from '../../lib/session';
import { lazySlot } from '../../lib/lazy-slot';
import { useSignOut } from '../../lib/use-sign-out';
import type { RoleDialogProps } from './role-dialog';
import { useSessionBoot } from './use-session-boot';

// The dialog (antd's Modal and Alert) loads when first opened: a page with a chosen role does not need it.
const RoleDialog = lazySlot<RoleDialogProps>(() => import('./role-dialog').then((m) => m.RoleDialog), true);

/** The role dialog wired to the session: opened through the layout store (e.g. the user menu's Change Role). */
export function RoleDialogContainer({ alwaysOpen = false }: { alwaysOpen?: boolean }) {
  const me = useSessionBoot({ onChoosePage: alwaysOpen });
  const open = useLayoutStore((s) => s.roleDialog);
  const setOpen = useLayoutStore((s) => s.setRoleDialog);
  const signOut = useSignOut();
  const currentRole = getStoredRole();

  return (
    <RoleDialog
      open={alwaysOpen || open}
      groups={me.data?.groups}
      displayName={me.data?.displayName}
      currentRole={currentRole}
      onOk={(group) => chooseRole(roleFromGroup(group), alwaysOpen ? '/' : undefined)}
      onCancel={() => {
        if (currentRole && !alwaysOpen) setOpen(false);
        else if (currentRole) window.location.assign('/');
      }}
      onLogout={() => void signOut()}
    />
  );
}
