import type { VehicleMotion } from '@pantau/contracts';
import { Tag } from 'antd';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { motionColor } from '../../../map/motion-colors';

/** A vehicle's status with a dot in the colour the map draws it (readable for light colours too). */
export function MotionTag({ motion }: { motion: VehicleMotion }) {
  const status = useVehicleStatusLabels();
  return (
    <Tag data-motion={motion} className="motion-tag">
      <span className="motion-tag-dot" style={{ background: motionColor(motion) }} />
      {status.motion(motion)}
    </Tag>
  );
}
