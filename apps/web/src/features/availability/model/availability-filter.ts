import {
  AVAILABILITY_CATEGORIES,
  type AvailabilityCategory,
  type AvailabilitySummary,
} from '@pantau/contracts';
import { listQuery } from '../../../components/management/list-query';

/**
 * The page's filters in the URL, under the names `GET kendaraan/availability` takes: the fleet, one
 * category or one paper count (a figure of the summary), the search, the page.
 */
export const availabilityListQuery = listQuery({
  filters: { fleetId: 'id', category: AVAILABILITY_CATEGORIES, paper: ['stnk', 'kir'] },
  sortable: [],
});
export type AvailabilityListState = ReturnType<typeof availabilityListQuery.parse>;

/** The spec's 14 figures, in the spec's order: total, the 11 categories, the STNK and KIR paper counts. */
export type AvailabilityFigure = 'total' | AvailabilityCategory | 'stnkPaper' | 'kirPaper';
export const AVAILABILITY_FIGURES: readonly AvailabilityFigure[] = [
  'total',
  ...AVAILABILITY_CATEGORIES,
  'stnkPaper',
  'kirPaper',
];

/** The figure the list shows: a paper count, a category, or every vehicle. */
export function figureOf(state: Pick<AvailabilityListState, 'category' | 'paper'>): AvailabilityFigure {
  if (state.paper) return state.paper === 'stnk' ? 'stnkPaper' : 'kirPaper';
  return state.category ?? 'total';
}

/** The URL change that lists a figure's vehicles (from the first page). */
export function figurePatch(figure: AvailabilityFigure): { category?: string; paper?: string } {
  if (figure === 'total') return { category: undefined, paper: undefined };
  if (figure === 'stnkPaper') return { category: undefined, paper: 'stnk' };
  if (figure === 'kirPaper') return { category: undefined, paper: 'kir' };
  return { category: figure, paper: undefined };
}

/** A figure's count in a summary. */
export function figureCount(
  summary: Pick<AvailabilitySummary, 'total' | 'categories' | 'stnkPaper' | 'kirPaper'>,
  figure: AvailabilityFigure,
): number {
  if (figure === 'total') return summary.total;
  if (figure === 'stnkPaper') return summary.stnkPaper;
  if (figure === 'kirPaper') return summary.kirPaper;
  return summary.categories[figure];
}
