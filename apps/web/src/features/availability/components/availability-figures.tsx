import type { AvailabilitySummary } from '@pantau/contracts';
import { Skeleton } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_FIGURES, figureCount, type AvailabilityFigure } from '../model/availability-filter';
import { FIGURE_COLORS } from './category-look';
import { useAvailabilityWords } from './use-availability-words';

/** The spec's 14 figures (S-052); a figure lists its vehicles below, a second click shows every vehicle. */
export function AvailabilityFigures({
  summary,
  active,
  onSelect,
}: {
  summary: AvailabilitySummary | undefined;
  active: AvailabilityFigure;
  onSelect: (figure: AvailabilityFigure) => void;
}) {
  const { t } = useTranslation('availability');
  const words = useAvailabilityWords();
  return (
    <div className="availability-figures" data-testid="availability-figures">
      {AVAILABILITY_FIGURES.map((figure) => {
        const label = words.figure(figure);
        const count = summary ? figureCount(summary, figure) : undefined;
        const isActive = active === figure;
        return (
          <button
            key={figure}
            type="button"
            className={`availability-figure${isActive ? ' is-active' : ''}${
              figure === 'total' || figure === 'stnkPaper' || figure === 'kirPaper' ? ' is-count' : ''
            }`}
            style={{ '--figure-color': FIGURE_COLORS[figure] } as CSSProperties}
            aria-pressed={isActive}
            title={figure === 'total' ? t('figures.showAll') : t('figures.show', { figure: label })}
            data-testid={`figure-${figure}`}
            data-count={count ?? ''}
            onClick={() => onSelect(isActive ? 'total' : figure)}
          >
            <span className="availability-figure-count">
              {count ?? <Skeleton.Button active size="small" style={{ width: 36, minWidth: 36 }} />}
            </span>
            <span className="availability-figure-label" data-testid="figure-label">
              {label}
            </span>
          </button>
        );
      })}
    </div>
  );
}
