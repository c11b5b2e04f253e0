import { documentStatuses, type DocumentStatus } from '@pantau/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * One filter above a management table: "all" (no filter) first, then the options. `name` is the URL
 * parameter it sets (and its test id, `filter-<name>`); picking "all" clears it.
 */
export function FilterSelect<T extends string>({
  name,
  value,
  all,
  options,
  onChange,
}: {
  name: string;
  value: T | undefined;
  all: string;
  options: { value: T; label: string }[];
  onChange: (patch: Record<string, T | undefined>) => void;
}) {
  return (
    <Select<T | 'all'>
      className="management-filter"
      data-testid={`filter-${name}`}
      aria-label={all}
      value={value ?? 'all'}
      popupMatchSelectWidth={false}
      onChange={(v) => onChange({ [name]: v === 'all' ? undefined : v })}
      options={[{ value: 'all' as const, label: all }, ...options]}
    />
  );
}

/** The active/inactive and document-status filters that vehicles and drivers share. */
export function ActiveAndDocumentFilters({
  aktif,
  documentStatus,
  onChange,
}: {
  aktif: 'true' | 'false' | undefined;
  documentStatus: DocumentStatus | undefined;
  onChange: (patch: Record<string, string | undefined>) => void;
}) {
  const { t: tm } = useTranslation('management');
  return (
    <>
      <FilterSelect
        name="aktif"
        value={aktif}
        all={tm('active.all')}
        options={[
          { value: 'true', label: tm('active.true') },
          { value: 'false', label: tm('active.false') },
        ]}
        onChange={onChange}
      />
      <FilterSelect
        name="documentStatus"
        value={documentStatus}
        all={tm('documentStatus.all')}
        options={documentStatuses.map((s) => ({ value: s, label: tm(`documentStatus.${s}`) }))}
        onChange={onChange}
      />
    </>
  );
}
