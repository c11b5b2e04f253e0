import { BellOutlined } from '@ant-design/icons';
import { HEADER_NOTIFICATION_COUNT } from '@pantau/contracts';
import { Badge, Button, Dropdown, Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHeaderNotifications } from '../api/get-notifications';
import { useLiveNotifications } from '../api/use-live-notifications';
import { EventIcon } from './event-icon';
import { notificationDetail, notificationHref } from '../model/notification-text';
import { useNewNotificationSound } from './use-new-notification-sound';
import { useApp } from '../../../lib/feedback';

interface NotificationBellProps {
  /** role_unit: the unit of the chosen role filters the notifications. */
  unitId: number | undefined;
  soundOn: boolean;
}

/** Header bell: badge with the count, a 350 × 220 dropdown of the 5 newest and 'Show All' (S-011); live. */
export function NotificationBell({ unitId, soundOn }: NotificationBellProps) {
  const { t, i18n } = useTranslation('notifications');
  const { t: tErrors } = useTranslation('errors');
  const { t: tShell } = useTranslation('shell');
  const { message } = useApp();
  const [open, setOpen] = useState(false);
  const query = useHeaderNotifications(unitId);
  useLiveNotifications();
  useNewNotificationSound(query.data, soundOn);

  useEffect(() => {
    if (query.isError) void message.error(tErrors('notificationFetch'));
  }, [query.isError, query.errorUpdatedAt, message, tErrors]);

  const count = query.data?.count ?? 0;
  const rest = Math.max(count - HEADER_NOTIFICATION_COUNT, 0);
  // Re-read the locale on each render so relative times follow the language switch.
  const locale = i18n.resolvedLanguage === 'id' ? 'id' : 'en';

  const panel = (
    <div className="notification-dropdown" data-testid="notification-dropdown">
      <div className="notification-dropdown-list">
        {query.isPending && !query.isError && <Spin style={{ display: 'block', margin: '64px auto' }} />}
        {query.data && query.data.results.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        )}
        {query.data?.results.slice(0, HEADER_NOTIFICATION_COUNT).map((n) => (
          <Link
            key={n.logId}
            to={notificationHref(n)}
            className="notification-item"
            data-testid="notification-item"
            title={t('openOnMap', { vehicle: n.vehicle })}
            onClick={() => setOpen(false)}
          >
            <EventIcon event={n.event} size={14} />
            <span className="notification-item-text">
              <span className="notification-item-title">
                {t('itemTitle', { event: t(`events.${n.event}`), vehicle: n.vehicle })}
              </span>
              <span className="notification-item-detail" data-testid="notification-detail">
                {notificationDetail(n, locale)}
              </span>
              <span className="notification-item-time">{dayjs(n.timestamp).locale(locale).fromNow()}</span>
            </span>
          </Link>
        ))}
      </div>
      <Link to="/notifications" className="notification-dropdown-footer" onClick={() => setOpen(false)}>
        {t('showAll', { count: rest })}
      </Link>
    </div>
  );

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      // On a phone the 350 px panel is wider than the space left of the bell: styles.css keeps it on screen.
      rootClassName="notification-dropdown-root"
      popupRender={() => panel}
    >
      <Button
        type="text"
        data-testid="header-bell"
        aria-label={tShell('header.notifications')}
        className="header-icon"
      >
        <Badge count={count} size="small" overflowCount={999}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Dropdown>
  );
}
