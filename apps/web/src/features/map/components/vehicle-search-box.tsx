import { SearchOutlined } from '@ant-design/icons';
import type { TrackingItem } from '@pantau/contracts';
import { AutoComplete, Input, type InputRef } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStore } from '../../../lib/live/live-store';
import { searchVehicles } from './search-vehicles';

export interface VehicleSearchBoxProps {
  vehicles?: readonly TrackingItem[] | undefined;
  onChoose: (kendaraanId: number) => void;
  text: string;
  setText: (text: string) => void;
  /** Take the focus and show the matches of `text` at once: the plain box it replaces had the focus. */
  focus: boolean;
}

/**
 * The search box with its list of matches (vehicle-search.tsx shows a plain box until this is loaded).
 * Without `vehicles` it searches the live fleet, read from the store when the text changes (plates do
 * not change with positions), so the box does not re-render with every live batch.
 */
export function VehicleSearchBox({ vehicles: given, onChoose, text, setText, focus }: VehicleSearchBoxProps) {
  const { t } = useTranslation('map');
  const input = useRef<InputRef>(null);
  // Typing goes on where it stopped in the plain box.
  useEffect(() => {
    if (focus) input.current?.focus({ cursor: 'end' });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
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
      defaultOpen={focus && text !== ''}
    >
      <Input
        ref={input}
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        data-testid="vehicle-search"
      />
    </AutoComplete>
  );
}
