import { VIOLATION_TRAFFIC_MAX_DAYS } from '@pantau/contracts';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date-time';
import {
  customProblem,
  daysOf,
  periodPicks,
  type PeriodPick,
  type TrafficPeriod,
} from '../model/traffic-period';

const dayOf = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** The period picker: weekly, monthly, yearly or custom days; each picker may be cleared (no period). */
export function PeriodFilter({
  period,
  today,
  onChange,
}: {
  period: TrafficPeriod;
  /** The local day to start from when a pick has none. */
  today: string;
  onChange: (p: TrafficPeriod) => void;
}) {
  const { t } = useTranslation('violationTraffic');
  const [tooLong, setTooLong] = useState(false);
  const choose = (pick: PeriodPick, from: string | null, to?: string | null) => {
    setTooLong(false);
    if (!from) return onChange({ pick, from: null, to: null });
    const days = daysOf(pick, from, to);
    onChange(days ? { pick, ...days } : { pick, from: null, to: null });
  };
  const value = period.from ? dayjs(period.from) : null;

  return (
    <>
      <Select<PeriodPick>
        aria-label={t('period.label')}
        data-testid="vt-period"
        value={period.pick}
        className="vt-filter"
        style={{ width: 150 }}
        onChange={(pick) =>
          pick === 'custom'
            ? choose(pick, period.from ?? today, period.to ?? today)
            : choose(pick, period.from ?? today)
        }
        options={periodPicks.map((p) => ({ value: p, label: t(`period.${p}`) }))}
      />
      <span data-testid="vt-days" className="vt-days">
        {period.pick === 'weekly' && (
          <DatePicker
            aria-label={t('period.week')}
            placeholder={t('period.week')}
            value={value}
            // The week the chosen day is in, Monday to Sunday, whatever the calendar's first day.
            format={() =>
              period.from && period.to ? `${formatDate(period.from)} – ${formatDate(period.to)}` : ''
            }
            onChange={(d) => choose('weekly', dayOf(d))}
            style={{ width: 230 }}
          />
        )}
        {period.pick === 'monthly' && (
          <DatePicker
            picker="month"
            aria-label={t('period.month')}
            placeholder={t('period.month')}
            value={value}
            format="MMMM YYYY"
            onChange={(d) => choose('monthly', dayOf(d))}
            style={{ width: 190 }}
          />
        )}
        {period.pick === 'yearly' && (
          <DatePicker
            picker="year"
            aria-label={t('period.year')}
            placeholder={t('period.year')}
            value={value}
            onChange={(d) => choose('yearly', dayOf(d))}
            style={{ width: 140 }}
          />
        )}
        {period.pick === 'custom' && (
          <DatePicker.RangePicker
            aria-label={t('period.days')}
            format="DD/MM/YYYY"
            value={period.from && period.to ? [dayjs(period.from), dayjs(period.to)] : null}
            status={tooLong ? 'error' : undefined}
            onChange={(range) => {
              const from = dayOf(range?.[0]);
              const to = dayOf(range?.[1]);
              if (from && to && customProblem(from, to) === 'tooLong') return setTooLong(true);
              choose('custom', from && to ? from : null, to);
            }}
          />
        )}
      </span>
      {tooLong && (
        <div className="vt-range-error" role="alert" data-testid="vt-range-error">
          {t('period.tooLong', { days: VIOLATION_TRAFFIC_MAX_DAYS })}
        </div>
      )}
    </>
  );
}
