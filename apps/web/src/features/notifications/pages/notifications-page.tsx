import { DEFAULT_PAGE_SIZE, type Notification } from '@pantau/contracts';
import { Alert, Card, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useAllNotifications } from '../api/get-notifications';
import { EventIcon } from '../components/event-icon';

/** All notifications of the role's unit (Count=1000), 10 per page (S-063). */
export function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  const query = useAllNotifications(getStoredRole()?.roleUnit);
  const locale = i18n.resolvedLanguage === 'id' ? 'id' : 'en';

  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      {query.isError && (
        <Alert type="error" showIcon title={errorMessage(te, query.error)} style={{ marginBottom: 16 }} />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<Notification>
          rowKey="logId"
          data-testid="notifications-table"
          loading={query.isPending && !query.isError}
          dataSource={query.data?.results ?? []}
          scroll={{ x: 520 }}
          locale={{ emptyText: t('empty') }}
          pagination={{
            defaultPageSize: DEFAULT_PAGE_SIZE,
            showSizeChanger: false,
            showTotal: (total) => tc('table.total', { count: total }),
          }}
          columns={[
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
            { key: 'vehicle', title: t('columns.vehicle'), dataIndex: 'vehicle' },
            {
              key: 'time',
              title: t('columns.time'),
              dataIndex: 'timestamp',
              render: (ts: string) => (
                <span title={dayjs(ts).locale(locale).fromNow()}>
                  {dayjs(ts).format('DD/MM/YYYY HH:mm:ss')}
                </span>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
