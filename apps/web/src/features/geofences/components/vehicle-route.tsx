import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import type { VehicleRouteProps } from '../../../components/vehicle-route/vehicle-route-slot';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useSetVehicleRoute } from '../api/route-mutations';
import { useRouteSearch, useVehicleRoutes } from '../api/route-queries';
import { useApp } from '../../../lib/feedback';

/** Administrators choose from the unit's routes (or none). */
function RouteChoice({ kendaraanId, trayekId }: { kendaraanId: number; trayekId: number | null }) {
  const { t } = useTranslation('routes');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const routes = useRouteSearch(getStoredRole()?.roleUnit, '');
  const setRoute = useSetVehicleRoute();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      placeholder={t('vehicleRoute.none')}
      aria-label={t('vehicleRoute.label')}
      value={trayekId}
      loading={routes.isLoading || setRoute.isPending}
      options={(routes.data?.results ?? []).map((r) => ({
        value: r.trayekId,
        label: `${r.code} · ${r.name}`,
      }))}
      onChange={(next: number | undefined) =>
        setRoute.mutate(
          { kendaraanId, trayekId: next ?? null },
          {
            onSuccess: () => void message.success(next ? t('vehicles.added') : t('vehicles.removed')),
            onError: (error) => void message.error(errorMessage(te, error)),
          },
        )
      }
      data-testid="vehicle-route-select"
    />
  );
}

/**
 * "Route" in a vehicle's information: the route it drives now (until work orders set it). Everyone
 * sees it; an Administrator changes it here.
 */
export function VehicleRoute({ kendaraanId }: VehicleRouteProps) {
  const { t } = useTranslation('routes');
  const { routes, isLoading } = useVehicleRoutes(getStoredRole()?.roleUnit, [kendaraanId]);
  const current = routes[0] ?? null;
  return (
    <div style={{ marginTop: 12 }}>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
        {t('vehicleRoute.label')}
      </Typography.Text>
      <div data-testid="vehicle-route" data-trayek-id={current?.trayekId ?? ''}>
        {isAdministrator() ? (
          <RouteChoice kendaraanId={kendaraanId} trayekId={current?.trayekId ?? null} />
        ) : isLoading ? null : current?.trayekId ? (
          `${current.trayekCode} · ${current.trayekName}`
        ) : (
          <Typography.Text type="secondary">{t('vehicleRoute.none')}</Typography.Text>
        )}
      </div>
    </div>
  );
}
