import { BarChartOutlined } from '@ant-design/icons';
import type { WorkOrderKind } from '@pantau/contracts';
import { Button, DatePicker, Drawer, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getStoredRole } from '../../../lib/role-storage';
import { unitTimeZoneName, zonedDayBound, zonedParts } from '../../../lib/date-time';
import { DriverRecapView } from './driver-recap';
import { MatchingView } from './matching-list';
import { monthLabel, MonthlyRecapView } from './monthly-recap';
import { recapMonthsOf, recapPeriod, type RecapMonths } from './recap-period';
import './recap.css';

const TABS = ['monthly', 'drivers', 'matching'] as const;
type Tab = (typeof TABS)[number];

/**
 * "Recap" in the SPK list's toolbar: a drawer with the monthly recap, the driver recap and the matching
 * of SPKs to recorded trips, for the list's kind. Which tab and months are open live in the URL
 * (`recap`, `recapFrom`, `recapTo`), so a reload or a link opens the same.
 */
export function RecapButton({ kind }: { kind: WorkOrderKind }) {
  const { t, i18n } = useTranslation('workOrders');
  const [params, setParams] = useSearchParams();
  const tab = params.get('recap') as Tab | null;
  const open = tab !== null && (TABS as readonly string[]).includes(tab);
  const timeZone = unitTimeZoneName();
  const now = zonedParts(new Date(), timeZone);
  const months = recapMonthsOf(
    params.get('recapFrom') ?? undefined,
    params.get('recapTo') ?? undefined,
    `${now.year}-${now.month}`,
  );
  const dayStart = (day: string) => zonedDayBound(day, 'start', timeZone);
  const period = recapPeriod(months, dayStart);
  // Matching looks at trips, a month at most: the last month of the period.
  const matchingPeriod = recapPeriod({ from: months.to, to: months.to }, dayStart);
  const unitId = getStoredRole()?.roleUnit;
  const language = i18n.resolvedLanguage ?? 'en';

  const set = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  const setMonths = (m: RecapMonths) => set({ recapFrom: m.from, recapTo: m.to });

  return (
    <>
      <Button icon={<BarChartOutlined />} onClick={() => set({ recap: 'monthly' })} data-testid="spk-recap">
        {t('recap.button')}
      </Button>
      <Drawer
        open={open}
        onClose={() => set({ recap: null, recapFrom: null, recapTo: null })}
        size="min(1100px, 100vw)"
        title={t('recap.title')}
        destroyOnHidden
        data-testid="spk-recap-drawer"
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <DatePicker.RangePicker
            picker="month"
            allowClear={false}
            aria-label={t('recap.period')}
            value={[dayjs(`${months.from}-01`), dayjs(`${months.to}-01`)]}
            format={(d) => monthLabel(d.format('YYYY-MM'), language)}
            disabledDate={(d, info) => {
              const from = info.from;
              return from ? Math.abs(d.diff(from, 'month')) > 11 : false;
            }}
            onChange={(range) => {
              const from = range?.[0]?.format('YYYY-MM');
              const to = range?.[1]?.format('YYYY-MM');
              if (from && to) setMonths({ from, to });
            }}
            data-testid="spk-recap-period"
          />
          <Typography.Text type="secondary">{t('recap.periodHelp')}</Typography.Text>
        </Space>
        <Tabs
          activeKey={open ? tab : 'monthly'}
          onChange={(key) => set({ recap: key })}
          items={[
            {
              key: 'monthly',
              label: t('recap.tabs.monthly'),
              children: <MonthlyRecapView unitId={unitId} query={{ ...period, kind }} />,
            },
            {
              key: 'drivers',
              label: t('recap.tabs.drivers'),
              children: <DriverRecapView unitId={unitId} query={{ ...period, kind }} />,
            },
            {
              key: 'matching',
              label: t('recap.tabs.matching'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">
                    {t('recap.matchingMonth', { month: monthLabel(months.to, language) })}
                  </Typography.Paragraph>
                  <MatchingView unitId={unitId} query={{ ...matchingPeriod, kind }} />
                </>
              ),
            },
          ]}
        />
      </Drawer>
    </>
  );
}
