import { Quantity } from '../../../components/quantity';
import type { CcUtility } from '@pantau/contracts';
import { Card, Col, Row, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EBarChart, type BarChartOption } from '../../../components/charts/e-chart';
import { formatDate } from '../../../lib/date-time';
import { CLASS_COLORS, pct } from '../model/classes';

/** The name of a row: a day (DD/MM/YYYY) or a month (MM/YYYY). */
export const periodLabel = (p: string) =>
  p.length === 7 ? `${p.slice(5, 7)}/${p.slice(0, 4)}` : formatDate(p);

/** % utility per row (bars: day version, line: E/G ON version) and the report's columns beside it. */
export function UtilitySection({ data, mobile }: { data: CcUtility; mobile: boolean }) {
  const { t, i18n } = useTranslation('carCarrier');
  const lang = i18n.resolvedLanguage;
  const option = useMemo<BarChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 36, right: 12, top: 36, bottom: 36 },
      xAxis: { type: 'category', data: data.results.map((r) => periodLabel(r.period)) },
      yAxis: { type: 'value', max: 100 },
      series: [
        {
          type: 'bar',
          name: t('figures.utilityPct'),
          itemStyle: { color: CLASS_COLORS.active },
          data: data.results.map((r) => r.utilityPct),
        },
        {
          type: 'line',
          name: t('figures.utilityEngineOnPct'),
          itemStyle: { color: '#f59e0b' },
          data: data.results.map((r) => r.utilityEngineOnPct),
        },
      ],
    }),
    [data, t],
  );
  const rows = [...data.results, { ...data.total, period: 'total' }];
  return (
    <Card className="cc-section" data-testid="cc-utility">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <EBarChart
            option={option}
            height={mobile ? 260 : 340}
            label={t('utility.chart')}
            testId="cc-utility-chart"
          />
        </Col>
        <Col xs={24} xl={14}>
          <Table
            size="small"
            rowKey="period"
            pagination={false}
            scroll={{ x: 'max-content', y: 480 }}
            data-testid="cc-utility-table"
            dataSource={rows}
            rowClassName={(r) => (r.period === 'total' ? 'cc-total-row' : '')}
            columns={[
              {
                key: 'p',
                title: t(data.results[0]?.period.length === 7 ? 'columns.month' : 'columns.day'),
                render: (_, r) => (r.period === 'total' ? t('total') : periodLabel(r.period)),
              },
              { key: 'cc', title: t('figures.totalCc'), dataIndex: 'totalCc' },
              { key: 'a', title: t('figures.dayVersion'), dataIndex: 'totalActivity' },
              { key: 'e', title: t('figures.activityEngineOn'), dataIndex: 'activityEngineOn' },
              {
                key: 'u',
                title: t('figures.utilityPct'),
                render: (_, r) => <Quantity>{pct(r.utilityPct, lang)}</Quantity>,
              },
              {
                key: 'ue',
                title: t('figures.utilityEngineOnPct'),
                render: (_, r) => <Quantity>{pct(r.utilityEngineOnPct, lang)}</Quantity>,
              },
              {
                key: 'd',
                title: t('figures.deficiency'),
                render: (_, r) => r.deficiency.toLocaleString(lang),
              },
              {
                key: 'ar',
                title: t('figures.dailyAverageReady'),
                render: (_, r) => r.dailyAverageReady.toLocaleString(lang),
              },
              {
                key: 'at',
                title: t('figures.dailyAverageTrouble'),
                render: (_, r) => r.dailyAverageTrouble.toLocaleString(lang),
              },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
