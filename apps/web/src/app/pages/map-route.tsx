import { useTranslation } from 'react-i18next';
import { GeographyOnMap } from '../../features/geofences/components/geography-on-map';
import { MapPage } from '../../features/map/pages/map-page';
import { PlaybackOnMap } from '../../features/playback/components/playback-on-map';

export function MapRoute() {
  const { t } = useTranslation('shell');
  return (
    <MapPage
      title={t('menu.map')}
      layers={
        <>
          <GeographyOnMap />
          <PlaybackOnMap />
        </>
      }
    />
  );
}
