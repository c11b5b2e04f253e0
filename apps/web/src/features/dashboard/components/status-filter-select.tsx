import { homeStatusFilters, type HomeStatusFilter } from '@pantau/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useVehicleStatusLabels,
  vehicleStatusGroupLabel,
  type VehicleStateGroup,
} from '../../../lib/vehicle-status';

/** The Home status filter with the spec's eight options (S-049). */
export function StatusFilterSelect({
  value,
  onChange,
}: {
  value: HomeStatusFilter;
  onChange: (value: HomeStatusFilter) => void;
}) {
  const { t } = useTranslation('dashboard');
  const status = useVehicleStatusLabels();
  return (
    <Select<HomeStatusFilter>
      className="status-filter-select"
      data-testid="home-status-filter"
      aria-label={t('filter.label')}
      value={value}
      onChange={onChange}
      popupMatchSelectWidth={false}
      options={homeStatusFilters.map((f) => ({
        value: f.key,
        label:
          vehicleStatusGroupLabel(status, f.group) ??
          t(`filter.options.${f.key as Exclude<HomeStatusFilter, VehicleStateGroup>}`),
      }))}
    />
  );
}
