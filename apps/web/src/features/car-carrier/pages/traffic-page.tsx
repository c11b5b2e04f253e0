import {
  dayBound,
  WORK_ORDER_KINDS,
  WORK_ORDER_STATUSES,
  type WorkOrderKind,
  type WorkOrderRow,
  type WorkOrderStatus,
} from '@pantau/contracts';
import { Alert, Card, DatePicker, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSheetExport } from '../../../components/management/use-sheet-export';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, unitTimeZoneName } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { useWorkOrderKindLabel } from '../../../lib/api/current-work-orders';
import { getStoredRole } from '../../../lib/role-storage';
import { FilterSelect } from '../../../components/management/filter-select';
import { allTrafficTrips, useTrafficTrips } from '../api/car-carrier-api';
import { usePageParams } from '../components/use-page-params';
import { formatMinutes } from '../../../lib/duration';
import { exportTable, type Cell } from '../model/export-sheet';
import { overDescription } from '../model/lead-time';
import { isDay } from '../model/period';
import '../car-carrier.css';
import { ExportButton } from '../components/export-button';

type Col = { key: string; title: string; value: (r: WorkOrderRow) => string };

/**
 * Traffic All (/car-carrier/traffic): every SPK of both kinds with the spec's Traffic columns; run dates,
 * kind, status, search, page and page size in the URL. The export holds every SPK the filters match.
 */
export function CarCarrierTrafficPage() {
  const { t } = useTranslation('carCarrier');
  const { t: te } = useTranslation('errors');
  const { t: tw } = useTranslation('workOrders');
  const unitId = getStoredRole()?.roleUnit;
  const { params, set, page, pageSize } = usePageParams();
  const from = params.get('from');
  const to = params.get('to');
  const range = isDay(from) && isDay(to) && from <= to ? { from, to } : null;
  const search = params.get('search') ?? '';
  const kind = WORK_ORDER_KINDS.find((k) => k === params.get('kind'));
  const status = WORK_ORDER_STATUSES.find((s) => s === params.get('status'));
  const kindLabel = useWorkOrderKindLabel(unitId);
  const zone = unitTimeZoneName();
  const filters = {
    ...(range
      ? {
          from: new Date(dayBound(range.from, 'start', zone)).toISOString(),
          to: new Date(dayBound(range.to, 'end', zone)).toISOString(),
        }
      : {}),
    ...(search ? { search } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
  };
  const trips = useTrafficTrips(unitId, { ...filters, Take: pageSize, Skip: (page - 1) * pageSize });
  const units = { h: t('traffic.h'), min: t('traffic.min') };
  const words = { ...units, onTime: t('traffic.onTime'), over: t('traffic.overBy') };
  const at = (v: string | null) => formatDateTime(v);
  const mins = (v: number | null) => formatMinutes(v, units);

  const plain: Col[] = [
    { key: 'driver1', title: t('traffic.driver1'), value: (r) => r.pengemudiName ?? '—' },
    { key: 'driver2', title: t('traffic.driver2'), value: (r) => r.coPengemudiName ?? '—' },
    {
      key: 'route',
      title: t('traffic.route'),
      value: (r) => (r.trayekCode ? `${r.trayekCode} · ${r.trayekName ?? ''}` : '—'),
    },
    {
      key: 'description',
      title: t('traffic.description'),
      value: (r) => [r.loadDescription, r.notes].filter(Boolean).join(' · ') || '—',
    },
    { key: 'spkNumber', title: t('traffic.spkNumber'), value: (r) => r.spkNumber },
    { key: 'vehicle', title: t('traffic.vehicle'), value: (r) => `${r.nomorKendaraan} · ${r.nomorPolisi}` },
    { key: 'runDate', title: t('traffic.runDate'), value: (r) => at(r.runDate) },
    { key: 'outPool', title: t('traffic.outPool'), value: (r) => at(r.outPoolAt) },
    { key: 'arriveLoading', title: t('traffic.arriveLoading'), value: (r) => at(r.arriveLoadingAt) },
    { key: 'exitLoading', title: t('traffic.exitLoading'), value: (r) => at(r.exitLoadingAt) },
    { key: 'enterUnloading', title: t('traffic.enterUnloading'), value: (r) => at(r.enterUnloadingAt) },
    { key: 'exitUnloading', title: t('traffic.exitUnloading'), value: (r) => at(r.exitUnloadingAt) },
    { key: 'enterBase', title: t('traffic.enterBase'), value: (r) => at(r.enterPoolAt) },
  ];
  const timeCols = (prefix: 'lead' | 'circle'): Col[] => {
    const pick = (r: WorkOrderRow) =>
      prefix === 'lead'
        ? ([r.actualLeadMinutes, r.standardLeadMinutes, r.overLeadMinutes] as const)
        : ([r.actualCircleMinutes, r.standardCircleMinutes, r.overCircleMinutes] as const);
    return [
      { key: `${prefix}Actual`, title: t('traffic.actual'), value: (r) => mins(pick(r)[0]) },
      { key: `${prefix}Standard`, title: t('traffic.standard'), value: (r) => mins(pick(r)[1]) },
      { key: `${prefix}Over`, title: t('traffic.over'), value: (r) => mins(pick(r)[2]) },
      {
        key: `${prefix}Description`,
        title: t('traffic.overDescription'),
        value: (r) => overDescription(...pick(r), words),
      },
    ];
  };
  const lead = timeCols('lead');
  const circle = timeCols('circle');
  const toColumn = (c: Col) => ({
    key: c.key,
    title: c.title,
    render: (_: unknown, r: WorkOrderRow) => c.value(r),
  });
  const columns: ColumnsType<WorkOrderRow> = [
    ...plain.map(toColumn),
    { key: 'lead', title: t('traffic.leadTime'), children: lead.map(toColumn) },
    { key: 'circle', title: t('traffic.circleTime'), children: circle.map(toColumn) },
  ];

  const sheet = useSheetExport(async () => {
    const rows = await allTrafficTrips(filters);
    const all = [
      ...plain,
      ...lead.map((c) => ({ ...c, title: `${t('traffic.leadTime')} ${c.title}` })),
      ...circle.map((c) => ({ ...c, title: `${t('traffic.circleTime')} ${c.title}` })),
    ];
    return exportTable(
      'traffic-all.xlsx',
      t('traffic.title'),
      all.map((c) => c.title),
      rows.map((r): Cell[] => all.map((c) => c.value(r))),
    );
  });

  return (
    <div data-testid="cc-traffic-page">
      <PageHeader
        title={t('traffic.title')}
        intro={t('traffic.intro')}
        extra={<ExportButton sheet={sheet} disabled={!trips.data?.results.length} />}
      />
      <Card className="cc-filters" data-testid="cc-filters">
        <div className="cc-filter-row">
          <span data-testid="cc-period">
            <DatePicker.RangePicker
              aria-label={t('traffic.runDates')}
              format="DD/MM/YYYY"
              value={range ? [dayjs(range.from), dayjs(range.to)] : null}
              onChange={(v) =>
                set(
                  v?.[0] && v[1]
                    ? { from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') }
                    : { from: undefined, to: undefined },
                )
              }
            />
          </span>
          <FilterSelect<WorkOrderKind>
            name="kind"
            value={kind}
            all={t('filters.allKinds')}
            options={WORK_ORDER_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
            onChange={set}
          />
          <FilterSelect<WorkOrderStatus>
            name="status"
            value={status}
            all={tw('filters.allStatuses')}
            options={WORK_ORDER_STATUSES.map((s) => ({ value: s, label: tw(`status.${s}`) }))}
            onChange={set}
          />
          <Input.Search
            allowClear
            aria-label={t('filters.search')}
            placeholder={t('filters.search')}
            defaultValue={search}
            style={{ width: 280 }}
            data-testid="cc-search"
            onSearch={(v) => set({ search: v.trim() || undefined })}
          />
        </div>
      </Card>
      {trips.isError && (
        <Alert type="error" showIcon message={errorMessage(te, trips.error)} style={{ marginBottom: 16 }} />
      )}
      <Card className="cc-section">
        <Table<WorkOrderRow>
          size="small"
          bordered
          rowKey="spkId"
          loading={trips.isFetching}
          dataSource={trips.data?.results ?? []}
          scroll={{ x: 'max-content' }}
          data-testid="cc-traffic-table"
          columns={columns}
          pagination={{
            current: page,
            pageSize,
            total: trips.data?.count ?? 0,
            showSizeChanger: true,
            onChange: (p, s) => set({ page: String(p), size: String(s) }, true),
          }}
        />
      </Card>
    </div>
  );
}
