import type { MilestoneKind, WorkOrderStatus } from '@pantau/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Tag colours of an SPK's status, the same wherever it shows. */
export const WORK_ORDER_STATUS_COLORS: Record<WorkOrderStatus, string> = {
  waiting: 'gold',
  on_progress: 'blue',
  abnormal: 'red',
  done: 'green',
  cancelled: 'default',
};

export type DriverStatusKey = 'onTrip' | 'assigned' | 'available';

export const DRIVER_STATUS_COLORS: Record<DriverStatusKey, string> = {
  onTrip: 'blue',
  assigned: 'gold',
  available: 'green',
};

/** The words for an SPK's status, milestones and driver status (common locale, `workOrder`). */
export function useWorkOrderLabels() {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage;
  return useMemo(
    () => ({
      status: (s: WorkOrderStatus) => t(`workOrder.status.${s}`),
      milestone: (m: MilestoneKind) => t(`workOrder.milestone.${m}`),
      driverStatus: (d: DriverStatusKey) => t(`workOrder.driverStatus.${d}`),
      kosongan: t('workOrder.kosongan'),
      none: t('workOrder.none'),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels change with the language only
    [t, language],
  );
}
