import type { CcDayClass } from '@pantau/contracts';
import { formatNumber } from '../../../lib/number-format';

/** The colours of the three day classes, the same on every chart, tag and card. */
export const CLASS_COLORS: Record<CcDayClass, string> = {
  active: '#2563eb',
  idle_ready: '#16a34a',
  idle_trouble: '#dc2626',
};
export const CLASS_TAG: Record<CcDayClass, string> = {
  active: 'blue',
  idle_ready: 'green',
  idle_trouble: 'red',
};

/** A percentage with one decimal in the reader's language. */
export const pct = (v: number, language: string | undefined) =>
  `${formatNumber(v, { digits: 1, fixed: true }, language)} %`;
