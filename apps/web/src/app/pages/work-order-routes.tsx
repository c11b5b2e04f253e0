import { useTranslation } from 'react-i18next';
import { WorkOrdersPage } from '../../features/work-orders/pages/work-orders-page';

/** /spk/ccr and /spk/dt: titled with the unit's name of the kind, the menu's label until it is known. */
export function CcrWorkOrdersRoute() {
  const { t } = useTranslation('shell');
  return <WorkOrdersPage key="ccr" kind="ccr" fallbackTitle={t('menu.spkCcr')} />;
}
export function DtWorkOrdersRoute() {
  const { t } = useTranslation('shell');
  return <WorkOrdersPage key="dt" kind="dt" fallbackTitle={t('menu.spkDt')} />;
}
