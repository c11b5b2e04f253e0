import { Quantity } from '../../../components/quantity';
import type { CcDaily } from '@pantau/contracts';
import { Card, Col, Row, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EBarChart, type BarChartOption } from '../../../components/charts/e-chart';
import { formatDate } from '../../../lib/date-time';
import { CLASS_COLORS, pct } from '../model/classes';

const CLASSES = [
  ['active', 'totalActivity'],
  ['idle_ready', 'totalIdleReady'],
  ['idle_trouble', 'totalIdleTrouble'],
] as const;

/** A stacked bar per day (active, idle ready, idle trouble) and the same days as a table beside it. */
export function DailySection({ data, mobile }: { data: CcDaily; mobile: boolean }) {
  const { t, i18n } = useTranslation('carCarrier');
  const option = useMemo<BarChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 36, right: 12, top: 36, bottom: 36 },
      xAxis: { type: 'category', data: data.results.map((r) => formatDate(r.day)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: CLASSES.map(([cls, key]) => ({
        type: 'bar' as const,
        stack: 'days',
        name: t(`classes.${cls}`),
        itemStyle: { color: CLASS_COLORS[cls] },
        data: data.results.map((r) => r[key]),
      })),
    }),
    [data, t],
  );
  const rows = [...data.results, { ...data.total, day: 'total' }];
  return (
    <Card className="cc-section" title={t('activity.perDay')} data-testid="cc-daily">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <EBarChart
            option={option}
            height={mobile ? 260 : 340}
            label={t('activity.chart')}
            testId="cc-daily-chart"
          />
        </Col>
        <Col xs={24} xl={12}>
          <Table
            size="small"
            rowKey="day"
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="cc-daily-table"
            dataSource={rows}
            rowClassName={(r) => (r.day === 'total' ? 'cc-total-row' : '')}
            columns={[
              {
                key: 'day',
                title: t('columns.day'),
                render: (_, r) => (r.day === 'total' ? t('total') : formatDate(r.day)),
              },
              ...CLASSES.map(([cls, key]) => ({ key, title: t(`classes.${cls}`), dataIndex: key })),
              {
                key: 'u',
                title: t('figures.utilityPct'),
                render: (_, r) => <Quantity>{pct(r.utilityPct, i18n.resolvedLanguage)}</Quantity>,
              },
              {
                key: 'r',
                title: t('figures.readyPct'),
                render: (_, r) => <Quantity>{pct(r.readyPct, i18n.resolvedLanguage)}</Quantity>,
              },
              {
                key: 'tr',
                title: t('figures.troublePct'),
                render: (_, r) => <Quantity>{pct(r.troublePct, i18n.resolvedLanguage)}</Quantity>,
              },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
