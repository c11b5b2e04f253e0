import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MapPanel } from './map-panel';
import { measurePath, type LngLat } from './ruler';

export function formatKm(km: number, language: string): string {
  return new Intl.NumberFormat(language === 'id' ? 'id-ID' : 'en-US', {
    maximumFractionDigits: km < 10 ? 2 : 1,
  }).format(km);
}

/** Legs and total of the measured path, with undo and clear. */
export function RulerPanel({
  points,
  onUndo,
  onClear,
}: {
  points: readonly LngLat[];
  onUndo: () => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('map');
  const { segmentsKm, totalKm } = measurePath(points);
  const lang = i18n.resolvedLanguage ?? 'en';
  return (
    <MapPanel className="ruler-panel" title={t('ruler.title')} testId="ruler-panel">
      {points.length < 2 ? (
        <span className="ruler-hint">{t('ruler.hint')}</span>
      ) : (
        <>
          <ol className="ruler-legs">
            {segmentsKm.map((km, i) => (
              <li key={i}>
                <span>{t('ruler.segment', { index: i + 1 })}</span>
                <span>{t('info.distanceValue', { km: formatKm(km, lang) })}</span>
              </li>
            ))}
          </ol>
          <div className="ruler-total">
            <strong>{t('ruler.total')}</strong>
            <strong data-testid="ruler-total">
              {t('info.distanceValue', { km: formatKm(totalKm, lang) })}
            </strong>
          </div>
        </>
      )}
      <Space style={{ marginTop: 8 }}>
        <Button size="small" onClick={onUndo} disabled={points.length === 0}>
          {t('ruler.undo')}
        </Button>
        <Button
          size="small"
          danger
          onClick={onClear}
          disabled={points.length === 0}
          data-testid="ruler-clear"
        >
          {t('ruler.clear')}
        </Button>
      </Space>
    </MapPanel>
  );
}
