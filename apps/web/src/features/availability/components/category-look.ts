import type { AvailabilityCategory } from '@pantau/contracts';
import type { AvailabilityFigure } from '../model/availability-filter';

/** One colour per figure: the road in blues and purples, the pool in greens, trouble in reds. */
export const FIGURE_COLORS: Record<AvailabilityFigure, string> = {
  total: '#1d4ed8',
  on_delivery: '#2563eb',
  on_going: '#0891b2',
  way_back: '#7c3aed',
  way_back_with_load: '#c026d3',
  wo_trouble: '#dc2626',
  pre_checking: '#d97706',
  ready_to_go: '#16a34a',
  stand_by: '#0d9488',
  maintenance: '#ea580c',
  incident: '#be123c',
  other: '#64748b',
  stnkPaper: '#a16207',
  kirPaper: '#92400e',
};

export const categoryColor = (c: AvailabilityCategory): string => FIGURE_COLORS[c];
