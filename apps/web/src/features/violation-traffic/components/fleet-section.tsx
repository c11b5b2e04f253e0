import type { FleetViolations, ViolationTraffic } from '@pantau/contracts';
import { Card, Col, Row, Table, Typography, type TableColumnsType } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KIND_COLORS, VIOLATION_KINDS } from '../model/kinds';
import type { BarSelection } from '../model/selection';
import { EBarChart, type BarChartOption } from '../../../components/charts/e-chart';

const fleetKey = (f: FleetViolations) => (f.fleetId === null ? 'none' : String(f.fleetId));

/** Violations per fleet, stacked by kind (longest first, top down), and the counts as a table. */
export function FleetSection({
  data,
  onSelect,
  mobile,
}: {
  data: ViolationTraffic;
  onSelect: (s: BarSelection) => void;
  mobile: boolean;
}) {
  const { t, i18n } = useTranslation('violationTraffic');
  const fleets = data.byFleet;
  const name = useCallback((f: FleetViolations) => f.fleetName ?? t('filters.noFleet'), [t]);
  // Category axes draw their first item at the bottom: reversed, the fleet with most is on top.
  const shown = useMemo(() => fleets.toReversed(), [fleets]);

  const option = useMemo(
    (): BarChartOption => ({
      animation: false,
      legend: { top: 0, itemGap: 12, textStyle: { fontSize: 12 } },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 16, top: mobile ? 56 : 36, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: shown.map(name),
        axisLabel: { width: mobile ? 90 : 150, overflow: 'truncate' },
      },
      series: VIOLATION_KINDS.map((kind) => ({
        type: 'bar',
        name: t(`kinds.${kind}`),
        stack: 'violations',
        itemStyle: { color: KIND_COLORS[kind] },
        cursor: 'pointer',
        barMaxWidth: 28,
        data: shown.map((f) => f[kind]),
      })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown, i18n.resolvedLanguage, mobile],
  );

  const onBarClick = useCallback(
    (series: number, index: number) => {
      const f = shown[index];
      if (f) onSelect({ fleetId: fleetKey(f), kind: VIOLATION_KINDS[series] });
    },
    [shown, onSelect],
  );

  const columns: TableColumnsType<FleetViolations> = [
    { key: 'fleet', title: t('fleets.fleet'), render: (_, f) => name(f) },
    ...VIOLATION_KINDS.map((kind) => ({
      key: kind,
      title: t(`kinds.${kind}`),
      align: 'right' as const,
      width: 84,
      render: (_: unknown, f: FleetViolations) => f[kind],
    })),
    { key: 'total', title: t('columns.total'), align: 'right', render: (_, f) => <strong>{f.total}</strong> },
    { key: 'points', title: t('columns.points'), align: 'right', render: (_, f) => f.points },
  ];

  return (
    <Card title={t('fleets.title')} className="vt-section" data-testid="vt-fleets">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <EBarChart
            option={option}
            onBarClick={onBarClick}
            height={Math.max(160, (mobile ? 80 : 60) + fleets.length * 34)}
            label={t('fleets.chart')}
            testId="vt-fleet-chart"
          />
        </Col>
        <Col xs={24} xl={12}>
          <Table<FleetViolations>
            data-testid="vt-fleet-table"
            rowKey={fleetKey}
            size="small"
            columns={columns}
            dataSource={fleets}
            pagination={false}
            scroll={mobile ? { x: 'max-content' } : undefined}
            className="vt-count-table"
            locale={{ emptyText: t('empty') }}
            onRow={(f) => ({ onClick: () => onSelect({ fleetId: fleetKey(f) }), className: 'vt-clickable' })}
          />
          <Typography.Text type="secondary" className="vt-note">
            {t('fleets.note')}
          </Typography.Text>
        </Col>
      </Row>
    </Card>
  );
}
