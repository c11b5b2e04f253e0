import type { VehicleMotion } from '@pantau/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { motionColor } from '../../../map/motion-colors';

/** A vehicle's status with a dot in the colour the map draws it (readable for light colours too). */
export function MotionTag({ motion }: { motion: VehicleMotion }) {
  const { t } = useTranslation('vehicleSummary');
  return (
    <Tag data-motion={motion} className="motion-tag">
      <span className="motion-tag-dot" style={{ background: motionColor(motion) }} />
      {t(`motion.${motion}`)}
    </Tag>
  );
}
