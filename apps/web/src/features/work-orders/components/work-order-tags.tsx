import type { Anomaly, WorkOrderStatus } from '@pantau/contracts';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAnomalyText } from './use-work-order-words';

const STATUS_COLOURS: Record<WorkOrderStatus, string> = {
  waiting: 'gold',
  on_progress: 'blue',
  abnormal: 'red',
  done: 'green',
  cancelled: 'default',
};

/** An SPK's status as a coloured tag. */
export function WorkOrderStatusTag({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation('workOrders');
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="spk-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** An SPK's anomalies as short tags, each with its sentence as a tooltip; '—' when none. */
export function AnomalyTags({ anomalies }: { anomalies: readonly Anomaly[] }) {
  const { t } = useTranslation('workOrders');
  const text = useAnomalyText();
  if (!anomalies.length) return <span>—</span>;
  return (
    <Space size={[0, 4]} wrap data-testid="spk-anomalies">
      {anomalies.map((a, i) => (
        <Tooltip key={`${a.kind}-${a.milestone ?? ''}-${i}`} title={text(a)}>
          <Tag color="volcano" data-kind={a.kind}>
            {a.kind === 'missing_milestone'
              ? t('anomalyTag.missing_milestone', {
                  milestone: a.milestone ? t(`milestone.${a.milestone}`) : '',
                })
              : t(`anomalyTag.${a.kind}`)}
            {(a.kind === 'overspeed' || a.kind === 'overstop' || a.kind === 'overroute') &&
              a.value !== null &&
              a.value > 1 &&
              ` ×${a.value}`}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}
