import { Empty, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDrawer } from '../../components/lazy-drawer';
import { withAllTexts } from '../../lib/i18n';
import { useLayoutStore } from '../../lib/layout-store';
import { useLiveConnection } from '../../lib/live/use-live-vehicles';
import { getStoredRole } from '../../lib/role-storage';

// The vehicle's details (antd's Descriptions and Tag with them) and their texts load when the drawer
// first opens.
const VehicleInfo = lazy(() =>
  withAllTexts(import('../../features/map/components/vehicle-info')).then((m) => ({
    default: m.VehicleInfo,
  })),
);

/** The vehicle information and options drawers. Closed by default. */
export function LayoutDrawers() {
  const { t } = useTranslation('shell');
  const vehicleDrawer = useLayoutStore((s) => s.vehicleDrawer);
  const optionDrawer = useLayoutStore((s) => s.optionDrawer);
  const setVehicleDrawer = useLayoutStore((s) => s.setVehicleDrawer);
  const setOptionDrawer = useLayoutStore((s) => s.setOptionDrawer);
  const rtl = useLayoutStore((s) => s.direction === 'rtl');
  // The live socket belongs to the shell, which only shows signed in: open it once a role is chosen.
  useLiveConnection(getStoredRole() !== null);
  return (
    <>
      <LazyDrawer
        title={t('drawers.vehicleTitle')}
        open={vehicleDrawer}
        onClose={() => setVehicleDrawer(false)}
        placement={rtl ? 'left' : 'right'}
        size={360}
        rootClassName="vehicle-drawer"
      >
        <Suspense fallback={<Spin className="vehicle-info-loading" />}>
          <VehicleInfo />
        </Suspense>
      </LazyDrawer>
      <LazyDrawer
        title={t('drawers.optionsTitle')}
        open={optionDrawer}
        onClose={() => setOptionDrawer(false)}
        placement={rtl ? 'left' : 'right'}
        size={300}
        rootClassName="option-drawer"
      >
        <Empty description={t('drawers.optionsEmpty')} data-testid="option-drawer-empty" />
      </LazyDrawer>
    </>
  );
}
