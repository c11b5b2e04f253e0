import { Select } from 'antd';

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
