import { FileExcelOutlined, SearchOutlined } from '@ant-design/icons';
import { vehicleClasses, vehicleMotions, type VehicleMotion } from '@pantau/contracts';
import { Button, Card, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/date-time';
import { useLiveVehicles } from '../../../lib/live/use-live-vehicles';
import { getStoredRole } from '../../../lib/role-storage';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { StatusCounts } from '../components/status-counts';
import { downloadSummaryWorkbook } from '../export/download-summary-workbook';
import { SummaryTable } from '../components/summary-table';
import {
  countByMotion,
  filterByClassAndText,
  filterSummary,
  parseSummaryFilter,
  sortSummary,
  summaryFilterParams,
  type SummaryFilter,
  type SummarySort,
} from '../model/summary-filter';
import { SHEET_COLUMNS, type SheetLabels } from '../model/summary-workbook';
import './vehicle-summary.css';
import { useApp } from '../../../lib/feedback';

/** Vehicle Summary (/vehicle-summary): the live fleet table with filters, counts and Excel export. */
export function VehicleSummaryPage() {
  const { t } = useTranslation('vehicleSummary');
  const status = useVehicleStatusLabels();
  const { message } = useApp();
  const [params, setParams] = useSearchParams();
  const filter = parseSummaryFilter(params);
  const [sort, setSort] = useState<SummarySort | null>(null);
  const [exporting, setExporting] = useState(false);
  const live = useLiveVehicles();

  const setFilter = (patch: Partial<SummaryFilter>) =>
    setParams(summaryFilterParams({ ...filter, ...patch }), { replace: true });

  const counted = useMemo(() => filterByClassAndText(live.vehicles, filter), [live.vehicles, filter]);
  const counts = useMemo(() => countByMotion(counted), [counted]);
  const rows = useMemo(
    () => sortSummary(filterSummary(live.vehicles, filter), sort),
    [live.vehicles, filter, sort],
  );

  const sheetLabels = (now: Date): SheetLabels => {
    const header = (key: (typeof SHEET_COLUMNS)[number]['key']): string => {
      switch (key) {
        case 'location':
        case 'lat':
        case 'lon':
        case 'lastFix':
        case 'speed':
        case 'todayDistance':
        case 'todayEngineHours':
          return t(`export.${key}`);
        default:
          return t(`columns.${key}`);
      }
    };
    return {
      sheetName: t('export.sheet'),
      title: t('export.title', {
        unit: getStoredRole()?.roleFleet || '—',
        time: formatDateTime(now),
      }),
      headers: Object.fromEntries(SHEET_COLUMNS.map((c) => [c.key, header(c.key)])) as SheetLabels['headers'],
      motion: Object.fromEntries(vehicleMotions.map((m) => [m, status.motion(m)])) as SheetLabels['motion'],
      classes: { CC: status.vehicleClass('CC'), TRUCK: status.vehicleClass('TRUCK') },
      on: status.onOff(true),
      off: status.onOff(false),
      unknown: status.onOff(null),
    };
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const now = new Date();
      await downloadSummaryWorkbook(rows, sheetLabels(now), now);
      void message.success(t('export.done', { count: rows.length }));
    } catch {
      void message.error(t('export.failed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="vehicle-summary-page" data-testid="vehicle-summary-page">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        extra={
          <Button
            type="primary"
            icon={<FileExcelOutlined />}
            loading={exporting}
            disabled={live.isLoading}
            onClick={() => void onExport()}
            data-testid="export-excel"
          >
            {t('export.button')}
          </Button>
        }
      />
      <StatusCounts counts={counts} active={filter.status} onSelect={(status) => setFilter({ status })} />
      <Card styles={{ body: { padding: 0 } }} className="summary-card">
        <div className="summary-toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('filters.search')}
            aria-label={t('filters.search')}
            data-testid="summary-search"
            value={filter.text}
            onChange={(e) => setFilter({ text: e.target.value })}
            className="summary-search"
          />
          <Select<VehicleMotion | 'all'>
            data-testid="summary-status-filter"
            aria-label={t('filters.status')}
            value={filter.status}
            onChange={(status) => setFilter({ status })}
            popupMatchSelectWidth={false}
            className="summary-select"
            options={[{ value: 'all', label: t('filters.allStatus') }, ...status.motionOptions]}
          />
          <Select<SummaryFilter['vehicleClass']>
            data-testid="summary-class-filter"
            aria-label={t('filters.class')}
            value={filter.vehicleClass}
            onChange={(vehicleClass) => setFilter({ vehicleClass })}
            popupMatchSelectWidth={false}
            className="summary-select"
            options={[
              { value: 'all', label: t('filters.allClasses') },
              ...vehicleClasses.map((c) => ({ value: c, label: status.vehicleClass(c) })),
            ]}
          />
        </div>
        <div data-testid="summary-rows" data-total={rows.length}>
          <SummaryTable vehicles={rows} loading={live.isLoading} sort={sort} onSort={setSort} />
        </div>
      </Card>
    </div>
  );
}
