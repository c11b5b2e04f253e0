import {
  detailActivitySorts,
  reportsOf,
  geofenceCategories,
  type DetailActivityRow,
  type GeofenceVisit,
  type OverRouteRow,
  type OverspeedRow,
  type OverstopRow,
  type ReportName,
} from '@pantau/contracts';
import { Select, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/date-time';
import { placeText, type Placed } from '../../../lib/place-text';
import { roleGated } from '../../../components/role-gate';
import { RecalculateButton } from '../components/recalculate-button';
import { ReportPage } from '../components/report-page';
import { formatDuration, formatOne, formatWhole } from '../model/format';

/** Whether a role reads a report (the Report group of its menu; the server's rule too). */
const reads = (report: ReportName) => (role: string) => reportsOf(role).includes(report);

function VehicleCell({ hull, plate }: { hull: string; plate: string }) {
  return (
    <>
      <strong>{hull}</strong>
      <span className="report-muted"> · {plate}</span>
    </>
  );
}

/** Where, in the user's language (the row's place; its English text only without one). */
const Place = ({ row }: { row: Placed }) => <span className="report-place">{placeText(row)}</span>;

/** The totals row: `cells` by column index, the first cell says how many rows. */
function TotalsRow({ width, cells, label }: { width: number; cells: Record<number, string>; label: string }) {
  return (
    <>
      {Array.from({ length: width }, (_, i) => (
        <Table.Summary.Cell key={i} index={i}>
          {i === 0 ? label : (cells[i] ?? '')}
        </Table.Summary.Cell>
      ))}
    </>
  );
}

function useCommon() {
  const { t } = useTranslation('reports');
  const { t: menu } = useTranslation('shell');
  const vehicle = {
    key: 'nomorKendaraan',
    title: t('columns.vehicle'),
    fixed: 'left' as const,
    render: (_: unknown, r: { nomorKendaraan: string; nomorPolisi: string }) => (
      <VehicleCell hull={r.nomorKendaraan} plate={r.nomorPolisi} />
    ),
  };
  const time = <Row,>(key: string, title: string, of: (r: Row) => string | null) => ({
    key,
    title,
    render: (_: unknown, r: Row) => formatDateTime(of(r), { seconds: true }),
  });
  return { t, menu, vehicle, time };
}

/** Over speed report (/report/over-speed-report): spec §3 Speeding — over, location, duration. */
function OverSpeedReportPageContent() {
  const { t, menu, vehicle, time } = useCommon();
  const columns: TableColumnsType<OverspeedRow> = [
    vehicle,
    { key: 'driver', title: t('columns.driver'), render: (_, r) => r.driver ?? '—' },
    time('start', t('columns.start'), (r: OverspeedRow) => r.start),
    time('end', t('columns.end'), (r: OverspeedRow) => r.end),
    { key: 'duration', title: t('columns.duration'), render: (_, r) => formatDuration(r.duration) },
    { key: 'max', title: t('columns.maxSpeed'), align: 'right', render: (_, r) => formatOne(r.max) },
    { key: 'limit', title: t('columns.limit'), align: 'right', render: (_, r) => formatOne(r.limit) },
    {
      key: 'over',
      title: t('columns.over'),
      align: 'right',
      render: (_, r) => <Tag color={r.over >= 20 ? 'red' : 'orange'}>+{formatOne(r.over)}</Tag>,
    },
    { key: 'location', title: t('columns.location'), render: (_, r) => <Place row={r} /> },
  ];
  return (
    <ReportPage
      report="overspeed"
      testId="overspeed-report"
      title={menu('menu.overSpeedReport')}
      intro={t('overspeed.intro')}
      columns={columns}
      rowKey={(r) => r.logId}
      sortable={['start', 'duration', 'max', 'nomorKendaraan']}
      totals={(list) => (
        <TotalsRow
          width={columns.length}
          label={t('totals', { count: list.totals.count })}
          cells={{ 4: formatDuration(list.totals.duration), 5: formatOne(list.totals.max) }}
        />
      )}
    />
  );
}

/** Over stop report (/report/over-stop-report): spec §3 Rest and stop — overstop, location, description. */
function OverStopReportPageContent() {
  const { t, menu, vehicle, time } = useCommon();
  const columns: TableColumnsType<OverstopRow> = [
    vehicle,
    { key: 'driver', title: t('columns.driver'), render: (_, r) => r.driver ?? '—' },
    time('start', t('columns.start'), (r: OverstopRow) => r.start),
    time('end', t('columns.end'), (r: OverstopRow) => r.end),
    { key: 'duration', title: t('columns.duration'), render: (_, r) => formatDuration(r.duration) },
    { key: 'overstop', title: t('columns.overstop'), render: (_, r) => formatDuration(r.overstop) },
    { key: 'location', title: t('columns.location'), render: (_, r) => <Place row={r} /> },
    {
      key: 'description',
      title: t('columns.description'),
      render: (_, r) => (
        <span className="report-place">
          {t(`overstop.reason.${r.reason}`, { minutes: r.allowance ?? '—' })}
        </span>
      ),
    },
  ];
  return (
    <ReportPage
      report="overstop"
      testId="overstop-report"
      title={menu('menu.overStopReport')}
      intro={t('overstop.intro')}
      columns={columns}
      rowKey={(r) => r.logId}
      sortable={['start', 'duration', 'nomorKendaraan']}
      totals={(list) => (
        <TotalsRow
          width={columns.length}
          label={t('totals', { count: list.totals.count })}
          cells={{ 4: formatDuration(list.totals.duration) }}
        />
      )}
    />
  );
}

/** Geofence report by vehicle (/report/geofence-report): visits with enter, exit and duration. */
function GeofenceReportPageContent() {
  const { t, menu, vehicle, time } = useCommon();
  const { t: tg } = useTranslation('geography');
  const columns: TableColumnsType<GeofenceVisit> = [
    vehicle,
    {
      key: 'geofence',
      title: t('columns.geofence'),
      render: (_, r) => (
        <>
          <strong>{r.polygonName}</strong>
          <span className="report-muted"> · {r.polygonCode}</span>
        </>
      ),
    },
    { key: 'category', title: t('columns.category'), render: (_, r) => tg(`category.${r.category}`) },
    time('enter', t('columns.enter'), (r: GeofenceVisit) => r.enter),
    {
      key: 'exit',
      title: t('columns.exit'),
      render: (_, r) =>
        r.open ? <Tag color="blue">{t('insideNow')}</Tag> : formatDateTime(r.exit, { seconds: true }),
    },
    { key: 'duration', title: t('columns.duration'), render: (_, r) => formatDuration(r.duration) },
  ];
  return (
    <ReportPage
      report="loggeopoint"
      testId="geofence-report"
      title={menu('menu.geofenceReport')}
      intro={t('geofence.intro')}
      columns={columns}
      rowKey={(r) => r.visitId}
      extraKeys={['category']}
      extraFilters={(get, set) => (
        <Select
          allowClear
          aria-label={t('columns.category')}
          placeholder={t('filters.allCategories')}
          data-testid="report-category"
          className="report-filter"
          style={{ width: 200 }}
          value={get('category')}
          onChange={(v: string | undefined) => set({ category: v })}
          options={geofenceCategories.map((c) => ({ value: c, label: tg(`category.${c}`) }))}
        />
      )}
      totals={(list) => (
        <TotalsRow
          width={columns.length}
          label={t('totals', { count: list.count })}
          cells={{ 5: formatDuration(list.totals?.duration) }}
        />
      )}
    />
  );
}

/** Over route report (/report/over-route-report): route, start, end, maximum deviation, distance off route. */
function OverRouteReportPageContent() {
  const { t, menu, vehicle, time } = useCommon();
  const columns: TableColumnsType<OverRouteRow> = [
    vehicle,
    {
      key: 'route',
      title: t('columns.route'),
      render: (_, r) => (r.trayekCode ? `${r.trayekCode} · ${r.trayekName ?? ''}` : '—'),
    },
    time('start', t('columns.start'), (r: OverRouteRow) => r.start),
    {
      key: 'end',
      title: t('columns.end'),
      render: (_, r) =>
        r.open ? <Tag color="red">{t('offRouteNow')}</Tag> : formatDateTime(r.end, { seconds: true }),
    },
    { key: 'duration', title: t('columns.duration'), render: (_, r) => formatDuration(r.duration) },
    {
      key: 'deviation',
      title: t('columns.maxDeviation'),
      align: 'right',
      render: (_, r) => formatWhole(r.maxDeviationM),
    },
    {
      key: 'offRoute',
      title: t('columns.offRouteKm'),
      align: 'right',
      render: (_, r) => formatOne(r.offRouteKm),
    },
    { key: 'location', title: t('columns.location'), render: (_, r) => <Place row={r} /> },
  ];
  return (
    <ReportPage
      report="overroute"
      testId="overroute-report"
      title={menu('menu.overRouteReport')}
      intro={t('overroute.intro')}
      columns={columns}
      rowKey={(r) => r.logId}
      totals={(list) => (
        <TotalsRow
          width={columns.length}
          label={t('totals', { count: list.count })}
          cells={{
            4: formatDuration(list.totals?.duration),
            5: formatWhole(list.totals?.maxDeviationM),
            6: formatOne(list.totals?.offRouteKm),
          }}
        />
      )}
    />
  );
}

/** Detail activity (/report/detail-activity): each vehicle's local days, with the totals of the period. */
function DetailActivityReportPageContent() {
  const { t, menu, vehicle, time } = useCommon();
  const columns: TableColumnsType<DetailActivityRow> = [
    { key: 'day', title: t('columns.day'), fixed: 'left', render: (_, r) => formatDate(r.day) },
    { ...vehicle, key: 'nomorPolisi', fixed: undefined },
    {
      key: 'distanceKm',
      title: t('columns.distanceKm'),
      align: 'right',
      render: (_, r) => formatOne(r.distanceKm),
    },
    { key: 'drivingTime', title: t('columns.driving'), render: (_, r) => formatDuration(r.drivingTime) },
    { key: 'idleTime', title: t('columns.idle'), render: (_, r) => formatDuration(r.idleTime) },
    {
      key: 'engineHours',
      title: t('columns.engineHours'),
      align: 'right',
      render: (_, r) => formatOne(r.engineHours),
    },
    { key: 'stops', title: t('columns.stops'), align: 'right', render: (_, r) => r.stops },
    time('firstMovement', t('columns.firstMovement'), (r: DetailActivityRow) => r.firstMovement),
    time('lastMovement', t('columns.lastMovement'), (r: DetailActivityRow) => r.lastMovement),
    {
      key: 'maxSpeed',
      title: t('columns.maxSpeed'),
      align: 'right',
      render: (_, r) => formatOne(r.maxSpeed),
    },
    {
      key: 'avgSpeed',
      title: t('columns.avgSpeed'),
      align: 'right',
      render: (_, r) => formatOne(r.avgSpeed),
    },
    {
      key: 'violations',
      title: t('columns.violations'),
      render: (_, r) =>
        r.violations.total === 0 ? (
          '0'
        ) : (
          <span className="report-place">
            {t('violations', {
              os: r.violations.overspeed,
              ost: r.violations.overstop,
              ort: r.violations.overroute,
            })}
          </span>
        ),
    },
  ];
  return (
    <ReportPage
      report="detail_activity"
      testId="detail-activity-report"
      title={menu('menu.detailActivity')}
      intro={t('detailActivity.intro')}
      columns={columns}
      rowKey={(r) => `${r.kendaraanId}-${r.day}`}
      sortable={detailActivitySorts}
      actions={(ctx) => <RecalculateButton {...ctx} />}
      totals={(list) => (
        <TotalsRow
          width={columns.length}
          label={t('totals', { count: list.count })}
          cells={{
            2: formatOne(list.totals.distanceKm),
            3: formatDuration(list.totals.drivingTime),
            4: formatDuration(list.totals.idleTime),
            5: formatOne(list.totals.engineHours),
            6: String(list.totals.stops),
            9: formatOne(list.totals.maxSpeed),
            10: formatOne(list.totals.avgSpeed),
            11: t('violations', {
              os: list.totals.violations.overspeed,
              ost: list.totals.violations.overstop,
              ort: list.totals.violations.overroute,
            }),
          }}
        />
      )}
    />
  );
}

export const OverSpeedReportPage = roleGated(OverSpeedReportPageContent, reads('overspeed'));

export const OverStopReportPage = roleGated(OverStopReportPageContent, reads('overstop'));

export const GeofenceReportPage = roleGated(GeofenceReportPageContent, reads('loggeopoint'));

export const OverRouteReportPage = roleGated(OverRouteReportPageContent, reads('overroute'));

export const DetailActivityReportPage = roleGated(DetailActivityReportPageContent, reads('detail_activity'));
