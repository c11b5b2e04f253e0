import { hasAdministratorMenu } from '@pantau/contracts';
import { CC_DAY_CLASSES, localDay, type CcDayClass } from '@pantau/contracts';
import { Alert, Card, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSheetExport } from '../../../components/management/use-sheet-export';
import { PageHeader } from '../../../components/page-header';
import { formatDate, unitTimeZoneName } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { useLayoutStore } from '../../../lib/layout-store';
import { getStoredRole } from '../../../lib/role-storage';
import { useCcDaily } from '../api/car-carrier-api';
import { ExportButton } from '../components/export-button';
import { CcFilters } from '../components/cc-filters';
import { DailySection } from '../components/daily-section';
import { FigureCards } from '../components/figure-cards';
import { StatusCard } from '../components/status-card';
import { usePageParams } from '../components/use-page-params';
import { VehicleDays } from '../components/vehicle-days';
import { exportTable } from '../model/export-sheet';
import { rangeOf, rangeParams } from '../model/period';
import { roleGated } from '../../../components/role-gate';
import '../car-carrier.css';

const isId = (v: string | null): v is string => !!v && /^\d+$/.test(v);

/**
 * Car Carrier Activity (/car-carrier/activity): the days of a period (the last seven by default) and a
 * fleet in the URL; the six figures, a stacked bar per day with its table, each car carrier's days, and
 * the status of each car carrier now.
 */
function CarCarrierActivityPageContent() {
  const { t } = useTranslation('carCarrier');
  const { t: te } = useTranslation('errors');
  const mobile = useLayoutStore((s) => s.mobile);
  const unitId = getStoredRole()?.roleUnit;
  const [today] = useState(() => localDay(Date.now(), unitTimeZoneName()));
  const { params, set, page, pageSize } = usePageParams();
  const range = rangeOf(params, today);
  const fleet = params.get('fleet');
  const fleetId = isId(fleet) ? fleet : undefined;
  const dayClass = CC_DAY_CLASSES.find((c) => c === params.get('dayClass')) as CcDayClass | undefined;
  const query = range ? { ...range, ...(fleetId ? { fleetId } : {}) } : null;
  const daily = useCcDaily(unitId, query);
  const data = daily.data;

  const sheet = useSheetExport(() =>
    exportTable(
      `car-carrier-activity-${range?.from}-${range?.to}.xlsx`,
      t('activity.title'),
      [
        t('columns.day'),
        t('figures.totalCc'),
        t('figures.totalActivity'),
        t('figures.totalIdleReady'),
        t('figures.totalIdleTrouble'),
        t('figures.utilityPct'),
        t('figures.readyPct'),
        t('figures.troublePct'),
      ],
      [...(data?.results ?? []), { ...data!.total, day: t('total') }].map((r) => [
        r.day === t('total') ? r.day : formatDate(r.day),
        r.totalCc,
        r.totalActivity,
        r.totalIdleReady,
        r.totalIdleTrouble,
        r.utilityPct,
        r.readyPct,
        r.troublePct,
      ]),
    ),
  );

  return (
    <div data-testid="cc-activity-page">
      <PageHeader
        title={t('activity.title')}
        intro={t('activity.intro')}
        extra={<ExportButton sheet={sheet} disabled={!range || !data} />}
      />
      <CcFilters
        unitId={unitId}
        range={range}
        onRange={(r) => set(rangeParams(r))}
        fleetId={fleetId}
        onFleet={(v) => set({ fleet: v })}
      />
      {daily.isError && (
        <Alert type="error" showIcon message={errorMessage(te, daily.error)} style={{ marginBottom: 16 }} />
      )}
      {range && !data && daily.isPending && (
        <Card className="cc-section">
          <Spin />
        </Card>
      )}
      {range && data && (
        <>
          <FigureCards figures={data.total} />
          <DailySection data={data} mobile={mobile} />
        </>
      )}
      <VehicleDays
        unitId={unitId}
        query={query}
        dayClass={dayClass}
        page={page}
        pageSize={pageSize}
        onChange={set}
      />
      <StatusCard unitId={unitId} />
    </div>
  );
}

export const CarCarrierActivityPage = roleGated(CarCarrierActivityPageContent, hasAdministratorMenu);
