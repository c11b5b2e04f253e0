import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveConnection } from '../../../lib/live/use-live-vehicles';

const status = { open: 'processing', connecting: 'warning', closed: 'error' } as const;

/** Whether the counts, map and table are following the live channel. */
export function LiveBadge({ connection }: { connection: LiveConnection }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge
      className="live-badge"
      data-testid="live-badge"
      data-connection={connection}
      status={status[connection]}
      text={t(`live.${connection}`)}
    />
  );
}
