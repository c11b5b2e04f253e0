import { hasAdministratorMenu } from '@pantau/contracts';
import { Quantity } from '../../../components/quantity';
import { localDay, type CcFigures } from '@pantau/contracts';
import { Alert, Card, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSheetExport } from '../../../components/management/use-sheet-export';
import { PageHeader } from '../../../components/page-header';
import { unitTimeZoneName } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useCcSummary } from '../api/car-carrier-api';
import { ExportButton } from '../components/export-button';
import { CcFilters } from '../components/cc-filters';
import { usePageParams } from '../components/use-page-params';
import { pct } from '../model/classes';
import { exportTable } from '../model/export-sheet';
import { rangeOf, rangeParams } from '../model/period';
import { roleGated } from '../../../components/role-gate';
import '../car-carrier.css';

interface Row extends CcFigures {
  key: string;
  name: string;
  children?: Row[];
}

const FIGURES = [
  'totalCc',
  'unitDays',
  'totalActivity',
  'totalIdleReady',
  'totalIdleTrouble',
  'utilityPct',
  'readyPct',
  'troublePct',
  'activityEngineOn',
  'utilityEngineOnPct',
  'deficiency',
  'dailyAverageReady',
  'dailyAverageTrouble',
] as const;
const PCT = new Set<string>(['utilityPct', 'readyPct', 'troublePct', 'utilityEngineOnPct']);

/**
 * Car Carrier Summary (/car-carrier/summary): the unit as the parent row and each of its fleets as its
 * children, with every figure over the period in the URL.
 */
function CarCarrierSummaryPageContent() {
  const { t, i18n } = useTranslation('carCarrier');
  const { t: te } = useTranslation('errors');
  const lang = i18n.resolvedLanguage;
  const unitId = getStoredRole()?.roleUnit;
  const [today] = useState(() => localDay(Date.now(), unitTimeZoneName()));
  const { params, set } = usePageParams();
  const range = rangeOf(params, today);
  const summary = useCcSummary(unitId, range ? { ...range } : null);
  const data = range ? summary.data : undefined;
  const rows: Row[] = data
    ? [
        {
          ...data.unit,
          key: `unit-${data.unit.unitId}`,
          name: data.unit.unitName,
          children: data.fleets.map((f) => ({ ...f, key: `fleet-${f.fleetId}`, name: f.fleetName })),
        },
      ]
    : [];
  const header = FIGURES.map((f) => t(`figures.${f}`));

  const sheet = useSheetExport(() =>
    exportTable(
      `car-carrier-summary-${range?.from}-${range?.to}.xlsx`,
      t('summary.title'),
      [t('columns.name'), ...header],
      rows.flatMap((r) => [r, ...(r.children ?? [])]).map((r) => [r.name, ...FIGURES.map((f) => r[f])]),
    ),
  );

  return (
    <div data-testid="cc-summary-page">
      <PageHeader
        title={t('summary.title')}
        intro={t('summary.intro')}
        extra={<ExportButton sheet={sheet} disabled={!data} />}
      />
      <CcFilters unitId={unitId} range={range} onRange={(r) => set(rangeParams(r))} />
      {range && summary.isError && (
        <Alert type="error" showIcon message={errorMessage(te, summary.error)} style={{ marginBottom: 16 }} />
      )}
      {range && (
        <Card className="cc-section">
          <Table<Row>
            size="small"
            rowKey="key"
            loading={summary.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="cc-summary-table"
            dataSource={rows}
            expandable={{ defaultExpandAllRows: true }}
            key={data ? 'loaded' : 'empty'}
            columns={[
              { key: 'name', title: t('columns.name'), dataIndex: 'name', fixed: 'left' },
              ...FIGURES.map((f) => ({
                key: f,
                title: t(`figures.${f}`),
                render: (_: unknown, r: Row) =>
                  PCT.has(f) ? <Quantity>{pct(r[f], lang)}</Quantity> : r[f].toLocaleString(lang),
              })),
            ]}
          />
        </Card>
      )}
    </div>
  );
}

export const CarCarrierSummaryPage = roleGated(CarCarrierSummaryPageContent, hasAdministratorMenu);
