import { DownloadOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, REPORT_MAX_DAYS, type ExportFormat } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Select,
  Space,
  Table,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useEveryFleet } from '../../../lib/api/fleets';
import { everyVehicleQueryOptions } from '../../../lib/api/vehicles';
import { errorMessage } from '../../../lib/error-message';
import { userTimeZoneName } from '../../../lib/date-time';
import { useLayoutStore } from '../../../lib/layout-store';
import { getStoredRole } from '../../../lib/role-storage';
import { downloadReport, useReportPage, type ReportListOf, type ReportSource } from '../api/reports';
import {
  dayCount,
  periodOf,
  periodParams,
  periodPicks,
  periodQuery,
  type PeriodPick,
} from '../model/report-period';
import './reports.css';
import { useApp } from '../../../lib/feedback';

type Row<R extends ReportSource> = ReportListOf<R>['results'][number];

export interface ReportPageProps<R extends ReportSource> {
  report: R;
  title: string;
  intro: string;
  testId: string;
  columns: TableColumnsType<Row<R>>;
  rowKey: (row: Row<R>) => string | number;
  /** The columns the server sorts by (`sortBy`); the others do not sort. */
  sortable?: readonly string[];
  /** Filters of this report besides the period, vehicles and fleet, kept in the URL under their keys. */
  extraFilters?: (
    get: (key: string) => string | undefined,
    set: (patch: Record<string, string | undefined>) => void,
  ) => ReactNode;
  extraKeys?: readonly string[];
  /** More buttons beside the export ones, given the chosen vehicles and the period. */
  actions?: (ctx: {
    vehicleIds: readonly string[];
    vehicleLabel: string | undefined;
    period: { from: string; to: string };
  }) => ReactNode;
  /** The totals row under the table, from the list's totals over every row. */
  totals: (list: ReportListOf<R>) => ReactNode;
}

/**
 * A report of the Report group: the period (quick picks, or days up to 31), vehicles, fleet and the
 * report's own filters in the URL; the server's page of 10 rows, sorted; a totals row; export to .xlsx
 * or .csv built on the server.
 */
export function ReportPage<R extends ReportSource>(props: ReportPageProps<R>) {
  const { report, columns, sortable = [], extraKeys = [] } = props;
  const { t, i18n } = useTranslation('reports');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const mobile = useLayoutStore((s) => s.mobile);
  const unitId = getStoredRole()?.roleUnit;
  const timeZone = userTimeZoneName();
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const period = periodOf(params, now, timeZone);
  const [rangeError, setRangeError] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const set = (patch: Record<string, string | undefined>, keepPage = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const get = (key: string) => params.get(key) ?? undefined;

  const vehicleIds = (get('v') ?? '').split(',').filter((s) => /^\d+$/.test(s));
  const fleetId = get('fleet');
  const page = Math.max(1, Number(get('page')) || 1);
  const sortBy = sortable.includes(get('sortBy') ?? '') ? get('sortBy') : undefined;
  const sortDir = get('sortDir') === 'ascend' ? 'ascend' : 'descend';

  /** The list's query without paging: what the export takes too. */
  const filterQuery = useMemo(() => {
    const q: Record<string, string | string[]> = { ...periodQuery(period, timeZone) };
    if (vehicleIds.length) q.kendaraanId = vehicleIds.join(',');
    if (fleetId) q.fleetId = fleetId;
    for (const key of extraKeys) {
      const v = params.get(key);
      if (v) q[key] = v;
    }
    if (sortBy) Object.assign(q, { sortBy, sortDir });
    return q;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, timeZone]);
  const list = useReportPage(report, unitId, {
    ...filterQuery,
    Take: DEFAULT_PAGE_SIZE,
    Skip: (page - 1) * DEFAULT_PAGE_SIZE,
  });

  const vehicles = useQuery(everyVehicleQueryOptions(unitId));
  const fleets = useEveryFleet(unitId);
  const vehicleOptions = (vehicles.data ?? []).map((v) => ({
    value: String(v.kendaraanId),
    label: `${v.nomorKendaraan} · ${v.nomorPolisi}`,
  }));

  const onExport = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadReport({
        report,
        format,
        query: filterQuery,
        language: i18n.resolvedLanguage === 'id' ? 'id' : 'en',
        timeZone,
      });
      void message.success(t('export.started'));
    } catch (err) {
      void message.error(errorMessage(te, err));
    } finally {
      setExporting(null);
    }
  };

  const onTableChange: TableProps<Row<R>>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? String(s.columnKey ?? s.field ?? '') : '';
    const nextSort = sortable.includes(key) ? key : undefined;
    const sortChanged = nextSort !== sortBy || (nextSort && s?.order !== sortDir);
    if (sortChanged) set({ sortBy: nextSort, sortDir: nextSort ? (s?.order ?? undefined) : undefined });
    else
      set(
        { page: pagination.current && pagination.current > 1 ? String(pagination.current) : undefined },
        true,
      );
  };

  const shownColumns = columns.map((c) => {
    const key = String(c.key ?? '');
    return sortable.includes(key) ? { ...c, sorter: true, sortOrder: sortBy === key ? sortDir : null } : c;
  }) as TableColumnsType<Row<R>>;

  const pickLabel = (p: PeriodPick) => t(`period.${p}`);
  const data = list.data;

  return (
    <>
      <PageHeader
        title={props.title}
        intro={props.intro}
        extra={
          <Space wrap className="report-actions">
            {props.actions?.({
              vehicleIds,
              vehicleLabel: vehicleOptions.find((o) => o.value === vehicleIds[0])?.label,
              period: periodQuery(period, timeZone),
            })}
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
              {t('print')}
            </Button>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting === 'xlsx'}
              disabled={exporting !== null}
              onClick={() => void onExport('xlsx')}
              data-testid="report-export-xlsx"
            >
              {t('export.xlsx')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting === 'csv'}
              disabled={exporting !== null}
              onClick={() => void onExport('csv')}
              data-testid="report-export-csv"
            >
              {t('export.csv')}
            </Button>
          </Space>
        }
      />
      <Card className="report-filters" data-testid={`${props.testId}-filters`}>
        <div className="report-filter-row">
          <Select<PeriodPick>
            aria-label={t('filters.period')}
            data-testid="report-period"
            value={period.pick}
            className="report-filter"
            style={{ width: 170 }}
            onChange={(pick) =>
              set(periodParams(pick === 'custom' ? { pick, from: period.from, to: period.to } : { pick }))
            }
            options={periodPicks.map((p) => ({ value: p, label: pickLabel(p) }))}
          />
          <span data-testid="report-days">
            <DatePicker.RangePicker
              aria-label={t('filters.days')}
              format="DD/MM/YYYY"
              allowClear={false}
              value={[dayjs(period.from), dayjs(period.to)]}
              onChange={(range) => {
                const from = range?.[0]?.format('YYYY-MM-DD');
                const to = range?.[1]?.format('YYYY-MM-DD');
                if (!from || !to) return;
                const tooLong = dayCount(from, to) > REPORT_MAX_DAYS;
                setRangeError(tooLong);
                if (!tooLong) set(periodParams({ pick: 'custom', from, to }));
              }}
              status={rangeError ? 'error' : undefined}
            />
          </span>
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            maxTagCount="responsive"
            aria-label={t('filters.vehicles')}
            placeholder={t('filters.allVehicles')}
            data-testid="report-vehicles"
            loading={vehicles.isPending}
            className="report-filter"
            style={{ width: 300 }}
            value={vehicleIds}
            onChange={(ids: string[]) => set({ v: ids.join(',') || undefined })}
            options={vehicleOptions}
          />
          <Select
            allowClear
            aria-label={t('filters.fleet')}
            placeholder={t('filters.allFleets')}
            data-testid="report-fleet"
            className="report-filter"
            style={{ width: 200 }}
            value={fleetId}
            onChange={(v: string | undefined) => set({ fleet: v })}
            options={(fleets.data ?? []).map((f) => ({ value: String(f.fleetId), label: f.fleetName }))}
          />
          {props.extraFilters?.(get, (patch) => set(patch))}
        </div>
        {rangeError && (
          <div className="report-range-error" role="alert" data-testid="report-range-error">
            {t('filters.tooLong', { days: REPORT_MAX_DAYS })}
          </div>
        )}
      </Card>
      <Card className="report-table">
        {list.isError && (
          <Alert type="error" showIcon message={errorMessage(te, list.error)} style={{ marginBottom: 12 }} />
        )}
        <Table<Row<R>>
          data-testid={`${props.testId}-table`}
          rowKey={props.rowKey}
          loading={list.isFetching}
          dataSource={data?.results ?? []}
          columns={shownColumns}
          scroll={{ x: 'max-content' }}
          size={mobile ? 'small' : 'middle'}
          onChange={onTableChange}
          locale={{ emptyText: t('empty') }}
          pagination={{
            current: page,
            pageSize: DEFAULT_PAGE_SIZE,
            total: data?.count ?? 0,
            showSizeChanger: false,
            showLessItems: mobile,
            showTotal: (total) => t('rows', { count: total }),
          }}
          summary={() =>
            data && data.count > 0 ? (
              <Table.Summary fixed>
                <Table.Summary.Row className="report-totals" data-testid="report-totals">
                  {props.totals(data)}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
    </>
  );
}
