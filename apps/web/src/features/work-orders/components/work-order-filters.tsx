import { WORK_ORDER_STATUSES } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/management/filter-select';
import { isAdministrator } from '../../../components/management/admin-only';
import { useEveryDriver } from '../../../lib/api/drivers';
import { everyVehicleQueryOptions } from '../../../lib/api/vehicles';
import { useRoutes } from '../api/get-places';
import type { WorkOrderListState } from '../model/work-order-list-query';

type Update = (patch: Record<string, string | undefined>) => void;

/** A filter picking one row of many, typed to search; empty is "all". */
function PickFilter({
  name,
  value,
  all,
  options,
  loading,
  onChange,
}: {
  name: string;
  value: number | undefined;
  all: string;
  options: { value: number; label: string }[];
  loading: boolean;
  onChange: Update;
}) {
  return (
    <Select<number>
      className="management-filter"
      data-testid={`filter-${name}`}
      aria-label={all}
      placeholder={all}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      loading={loading}
      value={value}
      onChange={(v) => onChange({ [name]: v === undefined ? undefined : String(v) })}
      options={options}
      style={{ width: 190 }}
    />
  );
}

/** The SPK list's filters: status, vehicle, driver, route, run-date period, anomalies only. */
export function WorkOrderFilters({
  unitId,
  state,
  period,
  update,
}: {
  unitId: number | undefined;
  state: WorkOrderListState;
  period: { from: string; to: string } | null;
  update: Update;
}) {
  const { t } = useTranslation('workOrders');
  const vehicles = useQuery(everyVehicleQueryOptions(unitId));
  // Drivers' records are the Administrator's (the server refuses them to other roles): the filter is theirs.
  const administrator = isAdministrator();
  const drivers = useEveryDriver(unitId, administrator);
  const routes = useRoutes(unitId);
  return (
    <>
      <FilterSelect
        name="status"
        value={state.status}
        all={t('filters.allStatuses')}
        options={WORK_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={update}
      />
      <PickFilter
        name="kendaraanId"
        value={state.kendaraanId}
        all={t('filters.allVehicles')}
        loading={vehicles.isPending}
        options={(vehicles.data ?? []).map((v) => ({
          value: v.kendaraanId,
          label: `${v.nomorPolisi} · ${v.nomorKendaraan}`,
        }))}
        onChange={update}
      />
      {administrator && (
        <PickFilter
          name="pengemudiId"
          value={state.pengemudiId}
          all={t('filters.allDrivers')}
          loading={drivers.isPending}
          options={(drivers.data ?? []).map((d) => ({ value: d.pengemudiId, label: d.name }))}
          onChange={update}
        />
      )}
      <PickFilter
        name="trayekId"
        value={state.trayekId}
        all={t('filters.allRoutes')}
        loading={routes.isPending}
        options={(routes.data?.results ?? []).map((r) => ({
          value: r.trayekId,
          label: `${r.code} · ${r.name}`,
        }))}
        onChange={update}
      />
      <span data-testid="filter-runDate">
        <DatePicker.RangePicker
          className="management-filter"
          aria-label={t('filters.runDate')}
          placeholder={[t('filters.runDate'), t('filters.runDate')]}
          format="DD/MM/YYYY"
          value={period ? [dayjs(period.from), dayjs(period.to)] : null}
          onChange={(range) => {
            const from = range?.[0]?.format('YYYY-MM-DD');
            const to = range?.[1]?.format('YYYY-MM-DD');
            update({ from, to });
          }}
        />
      </span>
      <Checkbox
        checked={state.anomaly === 'true'}
        onChange={(e) => update({ anomaly: e.target.checked ? 'true' : undefined })}
        data-testid="filter-anomaly"
      >
        {t('filters.anomalyOnly')}
      </Checkbox>
    </>
  );
}
