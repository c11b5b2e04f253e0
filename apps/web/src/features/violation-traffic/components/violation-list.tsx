import { CloseOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type TrafficViolation } from '@pantau/contracts';
import { Alert, Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { placeText } from '../../../lib/place-text';
import type { Query } from '../../../lib/query-string';
import { useTrafficViolations } from '../api/get-traffic-violations';
import { KIND_COLORS, formatDuration, playbackHref } from '../model/kinds';

/** The violations behind the chosen bar, 10 a page, each with a link that plays it back on /map. */
export function ViolationList({
  unitId,
  query,
  title,
  onClose,
  mobile,
}: {
  unitId: number | undefined;
  /** The period and filters of the bar, without paging. */
  query: Query;
  title: string;
  onClose: () => void;
  mobile: boolean;
}) {
  const { t } = useTranslation('violationTraffic');
  const { t: te } = useTranslation('errors');
  const [page, setPage] = useState({ key: JSON.stringify(query), n: 1 });
  // A new bar starts on its first page.
  const current = page.key === JSON.stringify(query) ? page.n : 1;
  const list = useTrafficViolations(unitId, {
    ...query,
    Take: DEFAULT_PAGE_SIZE,
    Skip: (current - 1) * DEFAULT_PAGE_SIZE,
  });

  const columns: TableColumnsType<TrafficViolation> = [
    {
      key: 'kind',
      title: t('columns.kind'),
      render: (_, r) => <Tag color={KIND_COLORS[r.kind]}>{t(`kinds.${r.kind}`)}</Tag>,
    },
    {
      key: 'vehicle',
      title: t('columns.vehicle'),
      render: (_, r) => (
        <>
          <strong>{r.nomorKendaraan}</strong>
          <span className="vt-muted"> · {r.nomorPolisi}</span>
        </>
      ),
    },
    { key: 'driver', title: t('columns.driver'), render: (_, r) => r.driver ?? '—' },
    { key: 'start', title: t('columns.start'), render: (_, r) => formatDateTime(r.start, { seconds: true }) },
    { key: 'duration', title: t('columns.duration'), render: (_, r) => formatDuration(r.duration) },
    {
      key: 'measure',
      title: t('columns.measure'),
      align: 'right',
      render: (_, r) => t(`measure.${r.kind}`, { value: r.measure }),
    },
    {
      key: 'points',
      title: t('columns.points'),
      align: 'right',
      render: (_, r) => <strong>{r.points}</strong>,
    },
    {
      key: 'location',
      title: t('columns.location'),
      render: (_, r) => <span className="vt-place">{placeText(r)}</span>,
    },
    {
      key: 'playback',
      title: t('columns.playback'),
      fixed: mobile ? undefined : 'right',
      render: (_, r) => (
        <Link to={playbackHref(r.playback)} data-testid="vt-playback-link">
          <PlayCircleOutlined /> {t('list.play')}
        </Link>
      ),
    },
  ];

  return (
    <Card
      className="vt-section"
      data-testid="vt-violations"
      title={
        <span className="vt-list-title">
          {t('list.title')}: {title}
        </span>
      }
      extra={<Button type="text" icon={<CloseOutlined />} aria-label={t('list.close')} onClick={onClose} />}
    >
      {list.isError && <Alert type="error" showIcon message={errorMessage(te, list.error)} />}
      <Table<TrafficViolation>
        data-testid="vt-violations-table"
        rowKey="logId"
        size={mobile ? 'small' : 'middle'}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.results ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current,
          pageSize: DEFAULT_PAGE_SIZE,
          total: list.data?.count ?? 0,
          showSizeChanger: false,
          showLessItems: mobile,
          showTotal: (total) => t('list.rows', { count: total }),
          onChange: (n) => setPage({ key: JSON.stringify(query), n }),
        }}
      />
    </Card>
  );
}
