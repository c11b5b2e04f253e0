import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { GeofenceRow, RouteWaypointInput } from '@pantau/contracts';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** A geofence as a waypoint: its centre, named after it. */
export const waypointOf = (g: GeofenceRow): RouteWaypointInput => ({
  name: g.polygonName,
  position: g.center,
  polygonId: g.polygonId,
});

const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * The route's ordered waypoints (`trayek/points`), each a geofence of the unit: add, remove, move up or
 * down. A waypoint stored without a geofence keeps its name and position.
 */
export function RouteWaypointsInput({
  value = [],
  onChange,
  options,
  geofences,
}: {
  value?: RouteWaypointInput[];
  onChange?: (value: RouteWaypointInput[]) => void;
  options: { value: number; label: string }[];
  geofences: ReadonlyMap<number, GeofenceRow>;
}) {
  const { t } = useTranslation('routes');
  const change = (next: RouteWaypointInput[]) => onChange?.(next);
  const placeAt = (i: number, polygonId: number) => {
    const g = geofences.get(polygonId);
    if (g) change(value.map((w, j) => (j === i ? waypointOf(g) : w)));
  };

  return (
    <div data-testid="route-waypoints">
      {value.map((w, i) => (
        <div
          className="route-waypoint"
          key={`${i}-${w.polygonId ?? w.name ?? ''}`}
          data-testid="route-waypoint"
        >
          <Select
            size="small"
            showSearch={{ optionFilterProp: 'label' }}
            value={w.polygonId ?? undefined}
            placeholder={w.name ?? t('form.waypointChoose')}
            aria-label={t('form.waypointNumber', { n: i + 1 })}
            onChange={(id: number) => placeAt(i, id)}
            options={options}
            data-testid="route-waypoint-select"
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={i === 0}
            aria-label={t('form.waypointUp')}
            onClick={() => change(moved(value, i, i - 1))}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={i === value.length - 1}
            aria-label={t('form.waypointDown')}
            onClick={() => change(moved(value, i, i + 1))}
          />
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('form.waypointRemove')}
            onClick={() => change(value.filter((_, j) => j !== i))}
            data-testid="route-waypoint-remove"
          />
        </div>
      ))}
      <Select
        size="small"
        showSearch={{ optionFilterProp: 'label' }}
        value={null}
        placeholder={
          <span>
            <PlusOutlined /> {t('form.waypointAdd')}
          </span>
        }
        aria-label={t('form.waypointAdd')}
        onChange={(id: number) => {
          const g = geofences.get(id);
          if (g) change([...value, waypointOf(g)]);
        }}
        options={options}
        style={{ width: '100%' }}
        data-testid="route-waypoint-add"
      />
    </div>
  );
}
