import { ANOMALY_KINDS, type MonthlyRecap, type RecapFigures } from '@pantau/contracts';
import { Alert, Skeleton, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import type { Query } from '../../../lib/query-string';
import { useDuration } from '../components/use-work-order-words';
import { useMonthlyRecap } from './recap-api';

/** `2025-03` as the reader says it: "Mar 2025", "Mar 2025". */
export const monthLabel = (month: string, language: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language === 'id' ? 'id-ID' : 'en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 1)));
};

/** Done and abnormal SPKs of a row as a bar against the busiest row, so months compare at a glance. */
function StatusBar({ f, max }: { f: RecapFigures; max: number }) {
  const { t } = useTranslation('workOrders');
  const width = (n: number) => `${max > 0 ? (n / max) * 100 : 0}%`;
  const others = f.total - f.byStatus.done - f.byStatus.abnormal - f.byStatus.cancelled;
  return (
    <Tooltip
      title={`${t('status.done')} ${f.byStatus.done} · ${t('status.abnormal')} ${f.byStatus.abnormal} · ${t('recap.running')} ${others} · ${t('status.cancelled')} ${f.byStatus.cancelled}`}
    >
      <div className="spk-recap-bar" aria-hidden>
        <span className="spk-recap-bar-done" style={{ width: width(f.byStatus.done) }} />
        <span className="spk-recap-bar-abnormal" style={{ width: width(f.byStatus.abnormal) }} />
        <span className="spk-recap-bar-running" style={{ width: width(others) }} />
        <span className="spk-recap-bar-cancelled" style={{ width: width(f.byStatus.cancelled) }} />
      </div>
    </Tooltip>
  );
}

function useFigureColumns<Row extends RecapFigures>(max: number): ColumnsType<Row> {
  const { t } = useTranslation('workOrders');
  const duration = useDuration();
  const anomalyTotal = (f: RecapFigures) => ANOMALY_KINDS.reduce((s, k) => s + f.anomalies[k], 0);
  return [
    { key: 'total', title: t('recap.spks'), align: 'right', render: (_, f) => f.total },
    { key: 'bar', title: t('recap.statuses'), width: 160, render: (_, f) => <StatusBar f={f} max={max} /> },
    { key: 'done', title: t('status.done'), align: 'right', render: (_, f) => f.byStatus.done },
    { key: 'abnormal', title: t('status.abnormal'), align: 'right', render: (_, f) => f.byStatus.abnormal },
    {
      key: 'cancelled',
      title: t('status.cancelled'),
      align: 'right',
      render: (_, f) => f.byStatus.cancelled,
    },
    {
      key: 'lead',
      title: t('recap.leadOnTimeOver'),
      align: 'right',
      render: (_, f) => `${f.lead.onTime} / ${f.lead.over}`,
    },
    {
      key: 'circle',
      title: t('recap.circleOnTimeOver'),
      align: 'right',
      render: (_, f) => `${f.circle.onTime} / ${f.circle.over}`,
    },
    {
      key: 'avgLead',
      title: t('recap.avgLead'),
      align: 'right',
      render: (_, f) => duration(f.avgLeadMinutes),
    },
    {
      key: 'avgCircle',
      title: t('recap.avgCircle'),
      align: 'right',
      render: (_, f) => duration(f.avgCircleMinutes),
    },
    {
      key: 'anomalies',
      title: t('columns.anomaly'),
      align: 'right',
      render: (_, f) => (
        <Tooltip
          title={ANOMALY_KINDS.filter((k) => f.anomalies[k] > 0)
            .map((k) => `${t(`recap.anomaly.${k}`)}: ${f.anomalies[k]}`)
            .join(' · ')}
        >
          {anomalyTotal(f)}
        </Tooltip>
      ),
    },
  ];
}

/** The monthly recap: a row per month of the period with a totals row, then the same figures per route. */
export function MonthlyRecapView({ unitId, query }: { unitId: number | undefined; query: Query }) {
  const { t, i18n } = useTranslation('workOrders');
  const { t: te } = useTranslation('errors');
  const recap = useMonthlyRecap(unitId, query);
  const data: MonthlyRecap | undefined = recap.data;
  const max = Math.max(
    0,
    ...(data?.months.map((m) => m.total) ?? []),
    ...(data?.routes.map((r) => r.total) ?? []),
  );
  const figures = useFigureColumns<RecapFigures>(max);
  if (recap.isError) return <Alert type="error" showIcon title={errorMessage(te, recap.error)} />;
  if (!data) return <Skeleton active />;
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <div data-testid="spk-recap-monthly">
      <Table
        size="small"
        rowKey="month"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={data.months}
        columns={[
          {
            key: 'month',
            title: t('recap.month'),
            fixed: 'left',
            render: (_, m) => monthLabel(m.month, language),
          },
          ...(figures as ColumnsType<(typeof data.months)[number]>),
        ]}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row className="spk-recap-total" data-testid="spk-recap-total">
              <Table.Summary.Cell index={0}>{t('recap.total')}</Table.Summary.Cell>
              {figures.map((c, i) => (
                <Table.Summary.Cell key={String(c.key)} index={i + 1} align={c.align}>
                  {c.render?.(undefined, data.totals, 0) as React.ReactNode}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('recap.byRoute')}
      </Typography.Title>
      <Table
        size="small"
        rowKey={(r) => String(r.trayekId ?? 'none')}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={data.routes}
        locale={{ emptyText: t('recap.empty') }}
        data-testid="spk-recap-routes"
        columns={[
          {
            key: 'route',
            title: t('columns.route'),
            fixed: 'left',
            render: (_, r) => (r.trayekCode ? `${r.trayekCode} · ${r.trayekName ?? ''}` : t('recap.noRoute')),
          },
          ...(figures as ColumnsType<(typeof data.routes)[number]>),
        ]}
      />
    </div>
  );
}
