import type { Anomaly } from '@pantau/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import { formatMinutes } from '../../../lib/duration';

/** Minutes as the reader says them: "4 h 30 min", "4 jam 30 mnt". */
export function useDuration() {
  const { t } = useTranslation('workOrders');
  return useCallback(
    (minutes: number | null | undefined) =>
      formatMinutes(minutes, { h: t('duration.h'), min: t('duration.min') }),
    [t],
  );
}

/** An anomaly in words: "Lead time 1 h 20 min over the standard", "3 over speed events during the trip". */
export function useAnomalyText() {
  const { t } = useTranslation('workOrders');
  const duration = useDuration();
  return useCallback(
    (a: Anomaly) => {
      switch (a.kind) {
        case 'over_lead_time':
        case 'over_circle_time':
        case 'gps_lost':
          return t(`anomalyText.${a.kind}`, { value: duration(a.value) });
        case 'overspeed':
        case 'overstop':
        case 'overroute':
          return t(`anomalyText.${a.kind}`, { count: a.value ?? 1 });
        case 'missing_milestone':
          return t('anomalyText.missing_milestone', {
            milestone: a.milestone ? t(`milestone.${a.milestone}`) : '',
          });
        case 'wrong_pool':
          return t('anomalyText.wrong_pool');
      }
    },
    [t, duration],
  );
}

/** When an anomaly began, as "from 12/11/2026 10:00", or ''. */
export function useAnomalyAt() {
  const { t } = useTranslation('workOrders');
  return useCallback((a: Anomaly) => (a.at ? t('anomalyAt', { time: formatDateTime(a.at) }) : ''), [t]);
}
