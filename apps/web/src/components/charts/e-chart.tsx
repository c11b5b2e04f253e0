import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as register, type ComposeOption, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the pages' charts draw: bars and lines on a grid, a legend and tooltips, on canvas (DESIGN §2:
// core imports). A page that imports this module lazily carries ECharts in its own chunk.
register([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type BarChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/**
 * An ECharts bar or line chart on canvas that follows its box's size; `onBarClick` gets the series and the
 * index of the bar clicked. The table beside each chart says the same in words.
 */
export function EBarChart({
  option,
  onBarClick,
  height,
  label,
  testId,
}: {
  option: BarChartOption;
  onBarClick?: (seriesIndex: number, dataIndex: number) => void;
  height: number;
  label: string;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const el = box.current!;
    const c = init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    const c = chart.current;
    if (!c || !onBarClick) return;
    const onClick = (p: { seriesIndex?: number; dataIndex?: number }) => {
      if (p.seriesIndex !== undefined && p.dataIndex !== undefined) onBarClick(p.seriesIndex, p.dataIndex);
    };
    c.on('click', onClick);
    return () => {
      c.off('click', onClick);
    };
  }, [onBarClick]);

  return (
    <div ref={box} style={{ height, width: '100%' }} role="img" aria-label={label} data-testid={testId} />
  );
}
