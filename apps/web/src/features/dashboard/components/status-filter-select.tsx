import { homeStatusFilters, type HomeStatusFilter } from '@pantau/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Home status filter with the spec's eight options (S-049). */
export function StatusFilterSelect({
  value,
  onChange,
}: {
  value: HomeStatusFilter;
  onChange: (value: HomeStatusFilter) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Select<HomeStatusFilter>
      className="status-filter-select"
      data-testid="home-status-filter"
      aria-label={t('filter.label')}
      value={value}
      onChange={onChange}
      popupMatchSelectWidth={false}
      options={homeStatusFilters.map((f) => ({ value: f.key, label: t(`filter.options.${f.key}`) }))}
    />
  );
}
