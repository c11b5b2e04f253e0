import type { TrackingItem } from '@pantau/contracts';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStore } from '../../../lib/live/live-store';

interface VehicleOption {
  value: number;
  label: string;
  search: string;
}

const normalise = (s: string) => s.toLowerCase().replace(/[\s-]+/g, '');

function optionsOf(vehicles: readonly TrackingItem[]): VehicleOption[] {
  return vehicles
    .map((v) => ({
      value: v.kendaraanId,
      label: `${v.nomorKendaraan} · ${v.nomorPolisi}`,
      search: normalise(`${v.nomorKendaraan}${v.nomorPolisi}`),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The vehicle to play back, searched by hull or plate number among the unit's vehicles. The list is
 * read from the live store when the fleet arrives, not on every live batch.
 */
export function VehiclePicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation('playback');
  const seeded = useLiveStore((s) => s.seeded);
  // Read again when the fleet arrives and each time the list opens.
  const [opened, setOpened] = useState(0);
  const options = useMemo(
    () => optionsOf(useLiveStore.getState().vehicles),
    [seeded, opened], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return (
    <label className="playback-field">
      <span className="playback-field-label">{t('vehicle')}</span>
      <Select
        showSearch={{
          filterOption: (input, option) => !!option && option.search.includes(normalise(input)),
        }}
        value={value ?? undefined}
        placeholder={t('vehiclePlaceholder')}
        options={options}
        onChange={onChange}
        onOpenChange={(open) => {
          if (open) setOpened((n) => n + 1);
        }}
        style={{ width: '100%' }}
        data-testid="playback-vehicle"
      />
    </label>
  );
}
