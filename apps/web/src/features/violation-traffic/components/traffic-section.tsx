import type { ViolationTraffic } from '@pantau/contracts';
import { Card, Col, Row, Table, type TableColumnsType } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KIND_COLORS, VIOLATION_KINDS, bucketLabel } from '../model/kinds';
import type { BarSelection } from '../model/selection';
import { EBarChart, type BarChartOption } from '../../../components/charts/e-chart';

type Bucket = ViolationTraffic['traffic'][number];

/** Stacked bars of the violations per day, week or month, and the same counts as a table beside them. */
export function TrafficSection({
  data,
  onSelect,
  mobile,
}: {
  data: ViolationTraffic;
  onSelect: (s: BarSelection) => void;
  mobile: boolean;
}) {
  const { t, i18n } = useTranslation('violationTraffic');
  const language = i18n.resolvedLanguage ?? 'en';
  const labels = data.traffic.map((b) => bucketLabel(b.day, data.bucket, language));

  const option = useMemo(
    (): BarChartOption => ({
      animation: false,
      legend: { top: 0, itemGap: 12, textStyle: { fontSize: 12 } },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      // The bars stand on a baseline 36 px above the bottom of the chart.
      grid: { left: 36, right: 12, top: mobile ? 60 : 40, bottom: 36 },
      xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1 },
      series: VIOLATION_KINDS.map((kind) => ({
        type: 'bar',
        name: t(`kinds.${kind}`),
        stack: 'violations',
        itemStyle: { color: KIND_COLORS[kind] },
        emphasis: { focus: 'series' },
        cursor: 'pointer',
        barMaxWidth: 36,
        data: data.traffic.map((b) => b[kind]),
      })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, language, mobile],
  );

  const selectBucket = useCallback(
    (b: Bucket, kind?: BarSelection['kind']) =>
      onSelect({ from: b.from, to: b.to, ...(kind ? { kind } : {}) }),
    [onSelect],
  );
  const onBarClick = useCallback(
    (series: number, index: number) => {
      const b = data.traffic[index];
      if (b) selectBucket(b, VIOLATION_KINDS[series]);
    },
    [data, selectBucket],
  );

  const columns: TableColumnsType<Bucket> = [
    {
      key: 'day',
      title: t(`traffic.bucketColumn.${data.bucket}`),
      render: (_, b, i) => labels[i] ?? b.day,
    },
    ...VIOLATION_KINDS.map((kind) => ({
      key: kind,
      title: t(`kinds.${kind}`),
      align: 'right' as const,
      // Room for "Kecepatan berlebih" on two lines: a fixed layout (the scrolling body) breaks words.
      width: 96,
      render: (_: unknown, b: Bucket) => b[kind],
    })),
    { key: 'total', title: t('columns.total'), align: 'right', render: (_, b) => <strong>{b.total}</strong> },
  ];

  return (
    <Card title={t('traffic.title')} className="vt-section" data-testid="vt-traffic">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <EBarChart
            option={option}
            onBarClick={onBarClick}
            height={mobile ? 260 : 320}
            label={t('traffic.chart', { bucket: t(`traffic.${data.bucket}`) })}
            testId="vt-traffic-chart"
          />
        </Col>
        <Col xs={24} xl={10}>
          <Table<Bucket>
            data-testid="vt-traffic-table"
            rowKey="day"
            size="small"
            columns={columns}
            dataSource={data.traffic}
            pagination={false}
            // A phone gets the content's widths and scrolls sideways, as the other tables of the page.
            scroll={mobile ? { x: 'max-content' } : { y: 260 }}
            className="vt-count-table"
            onRow={(b) => ({
              onClick: () => b.total > 0 && selectBucket(b),
              className: b.total > 0 ? 'vt-clickable' : '',
            })}
          />
        </Col>
      </Row>
    </Card>
  );
}
