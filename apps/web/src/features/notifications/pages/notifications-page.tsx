import { SearchOutlined } from '@ant-design/icons';
import {
  DEFAULT_PAGE_SIZE,
  notificationEvents,
  type Notification,
  type NotificationEvent,
} from '@pantau/contracts';
import { Alert, Card, DatePicker, Input, Segmented, Select, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { useLayoutStore } from '../../../lib/layout-store';
import { getStoredRole } from '../../../lib/role-storage';
import { useAllNotifications } from '../api/get-notifications';
import { EventIcon } from '../components/event-icon';
import { notificationDetail, notificationHref } from '../model/notification-text';
import {
  countByEvent,
  filterNotifications,
  notificationFilterParams,
  parseNotificationFilter,
  type NotificationFilter,
} from '../model/notification-filter';
import './notifications.css';

/**
 * All notifications of the role's unit (Count=1000), 10 per page (S-063), filtered by kind, vehicle
 * and WIB days (kept in the URL); new ones arrive live at the top.
 */
export function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  const query = useAllNotifications(getStoredRole()?.roleUnit);
  const locale = i18n.resolvedLanguage === 'id' ? 'id' : 'en';
  const [params, setParams] = useSearchParams();
  const mobile = useLayoutStore((s) => s.mobile);
  const navigate = useNavigate();
  const filter = parseNotificationFilter(params);
  const setFilter = (patch: Partial<NotificationFilter>) =>
    setParams(notificationFilterParams({ ...filter, ...patch }), { replace: true });

  const all = query.data?.results;
  const counts = useMemo(() => countByEvent(all ?? []), [all]);
  const shown = useMemo(() => filterNotifications(all ?? [], filter), [all, filter]);
  const filterKey = JSON.stringify(notificationFilterParams(filter));
  const kindOptions = [
    { value: 'all' as const, label: `${t('filters.allKinds')} (${all?.length ?? 0})` },
    ...notificationEvents.map((e) => ({
      value: e,
      label: (
        <Space size={6}>
          <EventIcon event={e} size={12} />
          {`${t(`events.${e}`)} (${counts[e]})`}
        </Space>
      ),
    })),
  ];

  const vehicleLink = (n: Notification) => (
    <Link
      to={notificationHref(n)}
      className="nowrap"
      title={t('openOnMap', { vehicle: n.vehicle })}
      data-testid="notification-vehicle-link"
    >
      {n.vehicle}
    </Link>
  );
  const detail = (n: Notification) => (
    <span className="notification-detail" data-testid="notification-detail">
      {notificationDetail(n, locale)}
    </span>
  );
  const time = (ts: string) => (
    <span title={dayjs(ts).locale(locale).fromNow()} className="notification-time">
      {formatDateTime(ts, { seconds: true, zone: true })}
    </span>
  );
  const columns: TableColumnsType<Notification> = [
    {
      key: 'event',
      title: t('columns.event'),
      dataIndex: 'event',
      render: (_, n) => (
        <Space>
          <EventIcon event={n.event} size={14} />
          {t(`events.${n.event}`)}
        </Space>
      ),
    },
    { key: 'vehicle', title: t('columns.vehicle'), dataIndex: 'vehicle', render: (_, n) => vehicleLink(n) },
    { key: 'detail', title: t('columns.detail'), render: (_, n) => detail(n) },
    { key: 'time', title: t('columns.time'), dataIndex: 'timestamp', render: time },
  ];
  // A phone has no room for four columns side by side: one cell says it all, the time included.
  const phoneColumns: TableColumnsType<Notification> = [
    {
      key: 'notification',
      title: t('columns.event'),
      render: (_, n) => (
        <div className="notification-cell">
          <EventIcon event={n.event} size={14} />
          <div className="notification-cell-text">
            <span>
              {t(`events.${n.event}`)} · {vehicleLink(n)}
            </span>
            {detail(n)}
            {time(n.timestamp)}
          </div>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      {query.isError && (
        <Alert type="error" showIcon title={errorMessage(te, query.error)} style={{ marginBottom: 16 }} />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <div className="notifications-toolbar">
          {mobile ? (
            <Select<NotificationEvent | 'all'>
              data-testid="notification-kind-filter"
              aria-label={t('filters.kind')}
              value={filter.event}
              onChange={(event) => setFilter({ event })}
              options={kindOptions}
              style={{ width: '100%' }}
            />
          ) : (
            <Segmented<NotificationEvent | 'all'>
              data-testid="notification-kind-filter"
              aria-label={t('filters.kind')}
              value={filter.event}
              onChange={(event) => setFilter({ event })}
              options={kindOptions}
            />
          )}
          <Space wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('filters.vehicle')}
              aria-label={t('filters.vehicle')}
              data-testid="notification-vehicle-filter"
              value={filter.vehicle}
              onChange={(e) => setFilter({ vehicle: e.target.value })}
              style={{ width: mobile ? '100%' : 220 }}
            />
            <DatePicker.RangePicker
              data-testid="notification-date-filter"
              aria-label={t('filters.dates')}
              format="DD/MM/YYYY"
              allowEmpty={[true, true]}
              value={[filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null]}
              onChange={(range) =>
                setFilter({
                  from: range?.[0]?.format('YYYY-MM-DD') ?? null,
                  to: range?.[1]?.format('YYYY-MM-DD') ?? null,
                })
              }
            />
          </Space>
        </div>
        <Table<Notification>
          key={filterKey}
          rowKey="logId"
          data-testid="notifications-table"
          loading={query.isPending && !query.isError}
          dataSource={shown}
          scroll={mobile ? undefined : { x: 'max-content' }}
          onRow={(n) => ({
            className: 'notification-row',
            onClick: (e) => {
              // The plate is a link of its own; a click elsewhere on the row opens the map too.
              if (!(e.target as HTMLElement).closest('a')) void navigate(notificationHref(n));
            },
          })}
          locale={{ emptyText: t('empty') }}
          pagination={{
            defaultPageSize: DEFAULT_PAGE_SIZE,
            showSizeChanger: false,
            showLessItems: mobile,
            size: mobile ? 'small' : undefined,
            showTotal: (total) => tc('table.total', { count: total }),
          }}
          columns={mobile ? phoneColumns : columns}
        />
      </Card>
    </>
  );
}
