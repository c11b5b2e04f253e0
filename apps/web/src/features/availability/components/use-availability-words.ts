import type { AvailabilityCategory, AvailabilityReason, AvailabilityRow } from '@pantau/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import type { AvailabilityFigure } from '../model/availability-filter';
import type { AvailabilityWords } from '../model/availability-sheet';
import { formatSince } from '../model/duration';

type Paper = AvailabilityRow['stnk'];

/** The page's words: categories, reasons, paper states, figures and "for 2 h 15 min", in the reader's language. */
export function useAvailabilityWords() {
  const { t } = useTranslation('availability');
  const category = (c: AvailabilityCategory) => t(`categories.${c}`);
  const reason = (r: AvailabilityReason) => t(`reasons.${r}`);
  const paper = (p: Paper) => t(`papers.${p ?? 'none'}`);
  const figure = (f: AvailabilityFigure) =>
    f === 'total' || f === 'stnkPaper' || f === 'kirPaper' ? t(`figures.${f}`) : category(f);
  const units = { d: t('since.d'), h: t('since.h'), min: t('since.min') };
  const since = (iso: string | null, nowMs: number) => {
    const duration = formatSince(iso, nowMs, units);
    return duration === null ? t('since.unknown') : t('since.for', { duration });
  };
  const sheet: AvailabilityWords = { category, reason, paper, time: (iso) => formatDateTime(iso) };
  return { category, reason, paper, figure, since, units, sheet };
}
