import type { ViolationTraffic } from '@pantau/contracts';
import { Alert, Card, Col, Row, Table, type TableColumnsType } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { VIOLATION_KINDS } from '../model/kinds';
import type { BarSelection } from '../model/selection';
import { EBarChart, type BarChartOption } from '../../../components/charts/e-chart';

type TopDriver = ViolationTraffic['topDrivers'][number];

/** How the points are counted, worded from the steps the server ranked by. */
function Formula({ formula }: { formula: ViolationTraffic['formula'] }) {
  const { t } = useTranslation('violationTraffic');
  return (
    <Alert
      type="info"
      showIcon
      data-testid="vt-formula"
      className="vt-formula"
      message={t('formula.title')}
      description={
        <>
          <p>{t('formula.intro')}</p>
          <ul>
            {VIOLATION_KINDS.map((kind) => (
              <li key={kind}>
                {t(`formula.${kind}`, { a: formula.steps[kind].steps[0], b: formula.steps[kind].steps[1] })}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}

/** The ten drivers with the most severity points: their points as bars, the counts in a table, the formula. */
export function TopDriversSection({
  data,
  onSelect,
  mobile,
}: {
  data: ViolationTraffic;
  onSelect: (s: BarSelection) => void;
  mobile: boolean;
}) {
  const { t, i18n } = useTranslation('violationTraffic');
  const drivers = data.topDrivers;
  const shown = useMemo(() => drivers.toReversed(), [drivers]);

  const option = useMemo(
    (): BarChartOption => ({
      animation: false,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 28, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: shown.map((d) => d.name ?? ''),
        axisLabel: { width: mobile ? 90 : 150, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          name: t('totals.points'),
          itemStyle: { color: '#1d4ed8' },
          cursor: 'pointer',
          barMaxWidth: 24,
          label: { show: true, position: 'right' },
          data: shown.map((d) => d.points),
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown, i18n.resolvedLanguage, mobile],
  );

  const onBarClick = useCallback(
    (_series: number, index: number) => {
      const d = shown[index];
      if (d?.pengemudiId) onSelect({ pengemudiId: String(d.pengemudiId) });
    },
    [shown, onSelect],
  );

  const columns: TableColumnsType<TopDriver> = [
    { key: 'rank', title: t('drivers.rank'), width: 40, render: (_, d) => d.rank },
    {
      key: 'driver',
      title: t('drivers.driver'),
      render: (_, d) => (
        <>
          <strong>{d.name}</strong>
          {d.employeeNumber && <span className="vt-muted"> · {d.employeeNumber}</span>}
        </>
      ),
    },
    ...VIOLATION_KINDS.map((kind) => ({
      key: kind,
      title: t(`kinds.${kind}`),
      align: 'right' as const,
      width: 84,
      render: (_: unknown, d: TopDriver) => d[kind],
    })),
    { key: 'total', title: t('columns.total'), align: 'right', render: (_, d) => d.total },
    {
      key: 'points',
      title: t('columns.points'),
      align: 'right',
      render: (_, d) => <strong>{d.points}</strong>,
    },
  ];

  return (
    <Card title={t('drivers.title')} className="vt-section" data-testid="vt-top-drivers">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          {drivers.length > 0 && (
            <EBarChart
              option={option}
              onBarClick={onBarClick}
              height={32 + drivers.length * 30}
              label={t('drivers.chart')}
              testId="vt-driver-chart"
            />
          )}
        </Col>
        <Col xs={24} xl={15}>
          <Table<TopDriver>
            data-testid="vt-driver-table"
            rowKey={(d) => String(d.pengemudiId)}
            size="small"
            columns={columns}
            dataSource={drivers}
            pagination={false}
            scroll={mobile ? { x: 'max-content' } : undefined}
            className="vt-count-table"
            locale={{ emptyText: t('drivers.empty') }}
            onRow={(d) => ({
              onClick: () => onSelect({ pengemudiId: String(d.pengemudiId) }),
              className: 'vt-clickable',
            })}
          />
        </Col>
        <Col span={24}>
          <Formula formula={data.formula} />
        </Col>
      </Row>
    </Card>
  );
}
