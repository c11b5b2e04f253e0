import { SearchOutlined } from '@ant-design/icons';
import type { TrackingItem } from '@pantau/contracts';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStore } from '../../../lib/live/live-store';
import { searchVehicles } from './search-vehicles';

/**
 * Search by plate or hull number; choosing one selects it. Without `vehicles` it searches the live
 * fleet, read from the store when the text changes (plates do not change with positions), so the box
 * does not re-render with every live batch.
 */
export function VehicleSearch({
  vehicles: given,
  onChoose,
}: {
  vehicles?: readonly TrackingItem[];
  onChoose: (kendaraanId: number) => void;
}) {
  const { t } = useTranslation('map');
  const [text, setText] = useState('');
  // The live fleet once seeded (and when membership changes size), not on every position.
  const fleetSize = useLiveStore((s) => (given ? 0 : s.vehicles.length));
  const vehicles = useMemo(
    () => given ?? useLiveStore.getState().vehicles,
    [given, fleetSize], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const options = useMemo(
    () =>
      searchVehicles(vehicles, text).map((v) => ({
        value: String(v.kendaraanId),
        label: (
          <span className="vehicle-option" data-testid="vehicle-search-option">
            <strong>{v.nomorPolisi}</strong>
            <span>{v.nomorKendaraan}</span>
          </span>
        ),
      })),
    [vehicles, text],
  );
  return (
    <AutoComplete
      className="vehicle-search"
      value={text}
      options={options}
      onSearch={setText}
      onSelect={(value: string) => {
        const vehicle = vehicles.find((v) => String(v.kendaraanId) === value);
        setText(vehicle?.nomorPolisi ?? '');
        onChoose(Number(value));
      }}
      notFoundContent={text ? t('search.noMatch') : null}
      popupMatchSelectWidth={280}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        data-testid="vehicle-search"
      />
    </AutoComplete>
  );
}
