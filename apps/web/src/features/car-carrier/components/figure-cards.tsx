import type { CcFigures } from '@pantau/contracts';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLASS_COLORS } from '../model/classes';

/** The six figures of spec §3 "CC activity" as cards: three counts of unit-days and their three shares. */
export function FigureCards({ figures }: { figures: CcFigures }) {
  const { t, i18n } = useTranslation('carCarrier');
  const cards = [
    { key: 'totalActivity', value: figures.totalActivity, color: CLASS_COLORS.active },
    { key: 'totalIdleReady', value: figures.totalIdleReady, color: CLASS_COLORS.idle_ready },
    { key: 'totalIdleTrouble', value: figures.totalIdleTrouble, color: CLASS_COLORS.idle_trouble },
    { key: 'utilityPct', value: figures.utilityPct, color: CLASS_COLORS.active, pct: true },
    { key: 'readyPct', value: figures.readyPct, color: CLASS_COLORS.idle_ready, pct: true },
    { key: 'troublePct', value: figures.troublePct, color: CLASS_COLORS.idle_trouble, pct: true },
  ] as const;
  return (
    <Card className="cc-section" data-testid="cc-figures">
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col xs={12} md={8} xl={4} key={c.key} data-testid={`cc-figure-${c.key}`} data-value={c.value}>
            <Statistic
              title={t(`figures.${c.key}`)}
              value={c.value}
              precision={'pct' in c ? 1 : 0}
              decimalSeparator={i18n.resolvedLanguage === 'id' ? ',' : '.'}
              groupSeparator={i18n.resolvedLanguage === 'id' ? '.' : ','}
              suffix={'pct' in c ? '%' : undefined}
              valueStyle={{ color: c.color }}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
