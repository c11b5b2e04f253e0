import { lazy, Suspense } from 'react';
import { useLayoutStore } from '../../lib/layout-store';
import { getStoredRole, roleFromGroup } from '../../lib/role-storage';
import { chooseRole } from '../../lib/session';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { useSignOut } from '../../lib/use-sign-out';
import { useSessionBoot } from './use-session-boot';

// The dialog (antd's Modal and Alert) loads when first opened: a page with a chosen role does not need it.
const RoleDialog = lazy(() => import('./role-dialog').then((m) => ({ default: m.RoleDialog })));

/** The role dialog wired to the session: opened through the layout store (e.g. the user menu's Change Role). */
export function RoleDialogContainer({ alwaysOpen = false }: { alwaysOpen?: boolean }) {
  const me = useSessionBoot({ onChoosePage: alwaysOpen });
  const open = useLayoutStore((s) => s.roleDialog);
  const setOpen = useLayoutStore((s) => s.setRoleDialog);
  const signOut = useSignOut();
  const currentRole = getStoredRole();
  const opened = useOpenedOnce(alwaysOpen || open);
  if (!opened) return null;

  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
