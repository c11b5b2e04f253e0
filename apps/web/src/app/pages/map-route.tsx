import { useTranslation } from 'react-i18next';
import { MapPage } from '../../features/map/pages/map-page';

export function MapRoute() {
  const { t } = useTranslation('shell');
  return <MapPage title={t('menu.map')} />;
}
