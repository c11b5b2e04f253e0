import { DatePicker, Segmented, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userTimeZoneName, zonedParts } from '../../../lib/date-time';
import {
  PERIOD_KINDS,
  periodProblem,
  quickPeriod,
  zonedWallTime,
  type Period,
  type PeriodKind,
} from '../model/period';

/** An instant as the picker shows it: the wall-clock time in the user's zone. */
function pickerValue(iso: string): Dayjs {
  const p = zonedParts(iso, userTimeZoneName());
  return dayjs(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`);
}

/** The period: today, yesterday, the last 24 hours, or a date-time range of up to 31 days. */
export function PeriodPicker({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation('playback');
  const [custom, setCustom] = useState(period.kind === 'custom');
  const [problem, setProblem] = useState<'order' | 'tooLong' | null>(null);
  const kind: PeriodKind = custom ? 'custom' : period.kind;

  return (
    <div className="playback-field">
      <span className="playback-field-label">{t('period.label')}</span>
      <Segmented
        block
        size="small"
        value={kind}
        options={PERIOD_KINDS.map((k) => ({
          value: k,
          label: <span data-testid={`playback-period-${k}`}>{t(`period.${k}`)}</span>,
        }))}
        onChange={(k) => {
          setProblem(null);
          if (k === 'custom') setCustom(true);
          else {
            setCustom(false);
            onChange(quickPeriod(k, Date.now(), userTimeZoneName()));
          }
        }}
      />
      {kind === 'custom' && (
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="DD/MM/YYYY HH:mm"
          allowClear={false}
          value={[pickerValue(period.from), pickerValue(period.to)]}
          onChange={(range) => {
            const [a, b] = range ?? [];
            if (!a || !b) return;
            const zone = userTimeZoneName();
            const from = zonedWallTime(a.format('YYYY-MM-DDTHH:mm'), zone);
            const to = zonedWallTime(b.format('YYYY-MM-DDTHH:mm'), zone);
            const wrong = periodProblem(from, to);
            setProblem(wrong);
            if (!wrong) onChange({ kind: 'custom', from, to });
          }}
          style={{ width: '100%', marginTop: 8 }}
          data-testid="playback-range"
        />
      )}
      {problem && (
        <Typography.Text type="danger" data-testid="playback-period-problem">
          {t(`period.${problem}`)}
        </Typography.Text>
      )}
    </div>
  );
}
