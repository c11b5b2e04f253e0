import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { RouteRow } from '@pantau/contracts';
import { Button, List, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { isAdministrator } from '../../../components/management/admin-only';
import { errorMessage } from '../../../lib/error-message';
import { useLiveStore } from '../../../lib/live/live-store';
import { getStoredRole } from '../../../lib/role-storage';
import { useSetVehicleRoute } from '../api/route-mutations';
import { useVehicleRoutes } from '../api/route-queries';
import { useApp } from '../../../lib/feedback';

interface FleetVehicle {
  kendaraanId: number;
  nomorPolisi: string;
  nomorKendaraan: string;
}

/** The unit's vehicles by plate, without re-rendering on every live batch (only when the fleet changes). */
function useFleet(): FleetVehicle[] {
  const flat = useLiveStore(
    useShallow((s) => s.vehicles.flatMap((v) => [v.kendaraanId, v.nomorPolisi, v.nomorKendaraan] as const)),
  );
  return useMemo(() => {
    const rows: FleetVehicle[] = [];
    for (let i = 0; i < flat.length; i += 3)
      rows.push({
        kendaraanId: flat[i] as number,
        nomorPolisi: flat[i + 1] as string,
        nomorKendaraan: flat[i + 2] as string,
      });
    return rows.sort((a, b) => a.nomorPolisi.localeCompare(b.nomorPolisi));
  }, [flat]);
}

/**
 * "Vehicles on this route": the vehicles whose current route it is (until work orders set it). An
 * Administrator adds a vehicle (moving it from any other route) or takes one off.
 */
export function RouteVehicles({ route }: { route: RouteRow }) {
  const { t } = useTranslation('routes');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const unitId = getStoredRole()?.roleUnit;
  const fleet = useFleet();
  const ids = useMemo(() => fleet.map((v) => v.kendaraanId), [fleet]);
  const { routes, isLoading } = useVehicleRoutes(unitId, ids);
  const setRoute = useSetVehicleRoute();
  const [adding, setAdding] = useState<number | null>(null);
  const admin = isAdministrator();

  const routeOf = useMemo(() => new Map(routes.map((r) => [r.kendaraanId, r])), [routes]);
  const onRoute = fleet.filter((v) => routeOf.get(v.kendaraanId)?.trayekId === route.trayekId);
  const others = fleet.filter((v) => routeOf.get(v.kendaraanId)?.trayekId !== route.trayekId);

  const assign = (kendaraanId: number, trayekId: number | null) =>
    setRoute.mutate(
      { kendaraanId, trayekId },
      {
        onSuccess: () => {
          void message.success(trayekId === null ? t('vehicles.removed') : t('vehicles.added'));
          setAdding(null);
        },
        onError: (error) => void message.error(errorMessage(te, error)),
      },
    );

  return (
    <div data-testid="route-vehicles">
      <List
        size="small"
        loading={isLoading && routes.length === 0}
        dataSource={onRoute}
        locale={{ emptyText: t('vehicles.none') }}
        renderItem={(v) => (
          <List.Item
            data-testid="route-vehicle-item"
            data-plate={v.nomorPolisi}
            actions={
              admin
                ? [
                    <Button
                      key="remove"
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={t('vehicles.remove', { plate: v.nomorPolisi })}
                      loading={setRoute.isPending && setRoute.variables.kendaraanId === v.kendaraanId}
                      onClick={() => assign(v.kendaraanId, null)}
                      data-testid="route-vehicle-remove"
                    />,
                  ]
                : undefined
            }
          >
            <span>
              {v.nomorPolisi}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {v.nomorKendaraan}
              </Typography.Text>
            </span>
          </List.Item>
        )}
      />
      {admin && (
        <div className="route-vehicle-add">
          <Select
            size="small"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('vehicles.choose')}
            aria-label={t('vehicles.choose')}
            value={adding}
            onChange={setAdding}
            options={others.map((v) => {
              const current = routeOf.get(v.kendaraanId)?.trayekCode;
              return {
                value: v.kendaraanId,
                label: current
                  ? t('vehicles.optionMoving', { plate: v.nomorPolisi, route: current })
                  : v.nomorPolisi,
              };
            })}
            data-testid="route-vehicle-select"
          />
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={adding === null}
            loading={setRoute.isPending && setRoute.variables.trayekId !== null}
            onClick={() => adding !== null && assign(adding, route.trayekId)}
            data-testid="route-vehicle-add"
          >
            {t('vehicles.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
