import { useTranslation } from 'react-i18next';
import { VehicleManagementPage } from '../../features/vehicles/pages/vehicle-management-page';

export function VehicleManagementRoute() {
  const { t } = useTranslation('shell');
  return <VehicleManagementPage title={t('menu.vehicleManagement')} />;
}
