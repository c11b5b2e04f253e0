import { DashboardOutlined, InfoCircleOutlined, PauseCircleOutlined } from '@ant-design/icons';
import type { NotificationEvent } from '@pantau/contracts';

const look: Record<NotificationEvent, { color: string; Icon: typeof DashboardOutlined }> = {
  overspeed: { color: '#dc2626', Icon: DashboardOutlined },
  overstop: { color: '#d97706', Icon: PauseCircleOutlined },
  other: { color: '#2563eb', Icon: InfoCircleOutlined },
};

/** Each notification kind has its own icon and colour (S-039). */
export function EventIcon({ event, size = 18 }: { event: NotificationEvent; size?: number }) {
  const { color, Icon } = look[event];
  return (
    <span
      className={`event-icon event-icon-${event}`}
      data-event={event}
      style={{ color, background: `${color}1a`, width: size + 14, height: size + 14, fontSize: size }}
    >
      <Icon />
    </span>
  );
}
