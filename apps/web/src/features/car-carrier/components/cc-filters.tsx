import { Card, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEveryFleet } from '../../../lib/api/fleets';
import type { DayRange } from '../model/period';

/** The days of the period (cleared: "Period Time Cannot Null") and, when asked, the fleet. */
export function CcFilters({
  unitId,
  range,
  onRange,
  fleetId,
  onFleet,
  children,
}: {
  unitId: number | undefined;
  range: DayRange | null;
  onRange: (r: DayRange | null) => void;
  fleetId?: string;
  onFleet?: (id: string | undefined) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('carCarrier');
  const fleets = useEveryFleet(unitId);
  return (
    <Card className="cc-filters" data-testid="cc-filters">
      <div className="cc-filter-row">
        <span data-testid="cc-period">
          <DatePicker.RangePicker
            aria-label={t('filters.period')}
            format="DD/MM/YYYY"
            value={range ? [dayjs(range.from), dayjs(range.to)] : null}
            onChange={(v) =>
              onRange(
                v?.[0] && v[1] ? { from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') } : null,
              )
            }
          />
        </span>
        {onFleet && (
          <Select
            allowClear
            aria-label={t('filters.fleet')}
            placeholder={t('filters.allFleets')}
            data-testid="cc-fleet"
            style={{ width: 200 }}
            value={fleetId}
            onChange={(v: string | undefined) => onFleet(v)}
            options={(fleets.data ?? []).map((f) => ({ value: String(f.fleetId), label: f.fleetName }))}
          />
        )}
        {children}
        {!range && (
          <div className="cc-required" role="alert" data-testid="cc-period-required">
            {t('periodRequired')}
          </div>
        )}
      </div>
    </Card>
  );
}
