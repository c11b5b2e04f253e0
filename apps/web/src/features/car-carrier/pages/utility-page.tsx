import { hasAdministratorMenu } from '@pantau/contracts';
import { localDay } from '@pantau/contracts';
import { Alert, Card, DatePicker, Select, Spin, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSheetExport } from '../../../components/management/use-sheet-export';
import { PageHeader } from '../../../components/page-header';
import { useEveryFleet } from '../../../lib/api/fleets';
import { unitTimeZoneName } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { useLayoutStore } from '../../../lib/layout-store';
import { getStoredRole } from '../../../lib/role-storage';
import { useCcUtility, type UtilityTab } from '../api/car-carrier-api';
import { usePageParams } from '../components/use-page-params';
import { periodLabel, UtilitySection } from '../components/utility-section';
import { exportTable } from '../model/export-sheet';
import { addDays, isDay, monthOf, yearOf } from '../model/period';
import { roleGated } from '../../../components/role-gate';
import '../car-carrier.css';
import { ExportButton } from '../components/export-button';

const TABS: UtilityTab[] = ['weekly', 'monthly', 'yearly'];
const isId = (v: string | null): v is string => !!v && /^\d+$/.test(v);

/**
 * Utilitas (/car-carrier/utility): weekly (seven days from the chosen day), monthly (a row per day) or
 * yearly (a row per month) in the URL (`tab`, `from`, `month`, `year`, `fleet`). An empty month or year
 * says "Please Enter Month !!!" or "Please Enter Year !!!" and asks nothing.
 */
function CarCarrierUtilityPageContent() {
  const { t } = useTranslation('carCarrier');
  const { t: te } = useTranslation('errors');
  const mobile = useLayoutStore((s) => s.mobile);
  const unitId = getStoredRole()?.roleUnit;
  const [today] = useState(() => localDay(Date.now(), unitTimeZoneName()));
  const { params, set } = usePageParams();
  const fleets = useEveryFleet(unitId);
  const tab = TABS.find((x) => x === params.get('tab')) ?? 'weekly';
  const from = params.has('from')
    ? isDay(params.get('from'))
      ? params.get('from')
      : null
    : addDays(today, -6);
  const month = params.has('month') ? monthOf(params.get('month')) : today.slice(0, 7);
  const year = params.has('year') ? yearOf(params.get('year')) : today.slice(0, 4);
  const fleet = params.get('fleet');
  const fleetId = isId(fleet) ? fleet : undefined;
  const asked =
    tab === 'weekly'
      ? from
        ? { from }
        : null
      : tab === 'monthly'
        ? month
          ? { month }
          : null
        : year
          ? { year }
          : null;
  const query = asked ? { ...asked, ...(fleetId ? { fleetId } : {}) } : null;
  const utility = useCcUtility(unitId, tab, query);
  const data = query ? utility.data : undefined;
  const missing = !asked
    ? tab === 'weekly'
      ? 'periodRequired'
      : tab === 'monthly'
        ? 'monthRequired'
        : 'yearRequired'
    : null;

  const sheet = useSheetExport(() =>
    exportTable(
      `utilitas-${tab}-${Object.values(asked ?? {}).join('')}.xlsx`,
      t('utility.title'),
      [
        t(tab === 'yearly' ? 'columns.month' : 'columns.day'),
        t('figures.totalCc'),
        t('figures.dayVersion'),
        t('figures.activityEngineOn'),
        t('figures.utilityPct'),
        t('figures.utilityEngineOnPct'),
        t('figures.deficiency'),
        t('figures.dailyAverageReady'),
        t('figures.dailyAverageTrouble'),
      ],
      [...(data?.results ?? []), ...(data ? [{ ...data.total, period: '' }] : [])].map((r) => [
        r.period ? periodLabel(r.period) : t('total'),
        r.totalCc,
        r.totalActivity,
        r.activityEngineOn,
        r.utilityPct,
        r.utilityEngineOnPct,
        r.deficiency,
        r.dailyAverageReady,
        r.dailyAverageTrouble,
      ]),
    ),
  );

  return (
    <div data-testid="cc-utility-page">
      <PageHeader
        title={t('utility.title')}
        intro={t('utility.intro')}
        extra={<ExportButton sheet={sheet} disabled={!data} />}
      />
      <Card className="cc-filters" data-testid="cc-filters">
        <Tabs
          activeKey={tab}
          onChange={(k) => set({ tab: k })}
          items={TABS.map((k) => ({
            key: k,
            label: <span data-testid={`cc-tab-${k}`}>{t(`utility.${k}`)}</span>,
          }))}
        />
        <div className="cc-filter-row">
          <span data-testid="cc-picker">
            {tab === 'weekly' && (
              <DatePicker
                aria-label={t('utility.week')}
                placeholder={t('utility.week')}
                format="DD/MM/YYYY"
                value={from ? dayjs(from) : null}
                onChange={(d) => set({ from: d ? d.format('YYYY-MM-DD') : '' })}
              />
            )}
            {tab === 'monthly' && (
              <DatePicker
                picker="month"
                aria-label={t('utility.month')}
                placeholder={t('utility.month')}
                format="MM/YYYY"
                value={month ? dayjs(`${month}-01`) : null}
                onChange={(d) => set({ month: d ? d.format('YYYY-MM') : '' })}
              />
            )}
            {tab === 'yearly' && (
              <DatePicker
                picker="year"
                aria-label={t('utility.year')}
                placeholder={t('utility.year')}
                value={year ? dayjs(`${year}-01-01`) : null}
                onChange={(d) => set({ year: d ? d.format('YYYY') : '' })}
              />
            )}
          </span>
          <Select
            allowClear
            aria-label={t('filters.fleet')}
            placeholder={t('filters.allFleets')}
            data-testid="cc-fleet"
            style={{ width: 200 }}
            value={fleetId}
            onChange={(v: string | undefined) => set({ fleet: v })}
            options={(fleets.data ?? []).map((f) => ({ value: String(f.fleetId), label: f.fleetName }))}
          />
          {missing && (
            <div className="cc-required" role="alert" data-testid="cc-required">
              {t(missing)}
            </div>
          )}
        </div>
      </Card>
      {query && utility.isError && (
        <Alert type="error" showIcon message={errorMessage(te, utility.error)} style={{ marginBottom: 16 }} />
      )}
      {query && !data && utility.isPending && (
        <Card className="cc-section">
          <Spin />
        </Card>
      )}
      {data && <UtilitySection data={data} mobile={mobile} />}
    </div>
  );
}

export const CarCarrierUtilityPage = roleGated(CarCarrierUtilityPageContent, hasAdministratorMenu);
