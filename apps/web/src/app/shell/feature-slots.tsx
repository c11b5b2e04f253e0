import type { ReactNode } from 'react';
import { AuditDrawerProvider } from '../../components/audit/audit-drawer';
import { ShareLinkDialogProvider } from '../../components/share/share-link-dialog';
import { AuditDrawer } from '../../features/audit/components/audit-drawer';
import { ShareLinkDialog } from '../../features/share/components/share-link-dialog';

/** Fills the slots pages leave for other features: the audit history and the share dialog. */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <AuditDrawerProvider value={AuditDrawer}>
      <ShareLinkDialogProvider value={ShareLinkDialog}>{children}</ShareLinkDialogProvider>
    </AuditDrawerProvider>
  );
}
