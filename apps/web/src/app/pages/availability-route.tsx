import { useTranslation } from 'react-i18next';
import { AvailabilityPage } from '../../features/availability/pages/availability-page';

export function AvailabilityRoute() {
  const { t } = useTranslation('shell');
  return <AvailabilityPage title={t('menu.availability')} />;
}
