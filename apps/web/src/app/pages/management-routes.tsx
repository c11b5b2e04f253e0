import { useTranslation } from 'react-i18next';
import { DriverManagementPage } from '../../features/drivers/pages/driver-management-page';
import { FleetManagementPage } from '../../features/fleets/pages/fleet-management-page';
import { UserManagementPage } from '../../features/users/pages/user-management-page';

/** Management pages take their title from the menu label, as the menu shows it. */
export function DriverManagementRoute() {
  const { t } = useTranslation('shell');
  return <DriverManagementPage title={t('menu.driverManagement')} />;
}
export function FleetManagementRoute() {
  const { t } = useTranslation('shell');
  return <FleetManagementPage title={t('menu.fleetManagement')} />;
}
export function UserManagementRoute() {
  const { t } = useTranslation('shell');
  return <UserManagementPage title={t('menu.userManagement')} />;
}
