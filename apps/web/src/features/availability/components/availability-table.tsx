import type { AvailabilityRow } from '@pantau/contracts';
import { DEFAULT_PAGE_SIZE } from '@pantau/contracts';
import { Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePagination } from '../../../components/management/management-table';
import { formatDateTime, formatRelative } from '../../../lib/date-time';
import { CategoryTag, PaperTag } from './category-tag';
import { useAvailabilityWords } from './use-availability-words';

/** The vehicles of the chosen figure, 10 a page from the server; a row opens the vehicle's history. */
export function AvailabilityTable({
  rows,
  total,
  page,
  loading,
  nowMs,
  onPage,
  onOpen,
}: {
  rows: AvailabilityRow[];
  total: number;
  page: number;
  loading: boolean;
  /** Now, for "for 2 h 15 min" (ticks while the page is open). */
  nowMs: number;
  onPage: (page: number) => void;
  onOpen: (row: AvailabilityRow) => void;
}) {
  const { t } = useTranslation('availability');
  const { t: tc } = useTranslation();
  const words = useAvailabilityWords();
  const pagination = usePagination({ page, pageSize: DEFAULT_PAGE_SIZE, total });
  return (
    <Table<AvailabilityRow>
      className="management-table availability-table"
      size="middle"
      rowKey="kendaraanId"
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: tc('empty') }}
      scroll={{ x: 1280 }}
      onChange={(p, _f, _s, extra) => {
        if (extra.action === 'paginate') onPage(p.current ?? 1);
      }}
      onRow={(r) => ({
        onClick: (e) => {
          // Links and buttons in the row do their own thing.
          if ((e.target as HTMLElement).closest('a, button')) return;
          onOpen(r);
        },
        className: 'availability-row',
        'data-testid': 'availability-row',
        'data-plate': r.nomorPolisi,
        'data-category': r.category,
      })}
      columns={[
        {
          key: 'plate',
          title: t('columns.plate'),
          width: 130,
          fixed: 'left',
          render: (_, r) => (
            <Button
              type="link"
              size="small"
              className="availability-plate"
              aria-label={t('history.open', { plate: r.nomorPolisi })}
              onClick={() => onOpen(r)}
              data-testid="availability-open"
            >
              {r.nomorPolisi}
            </Button>
          ),
        },
        {
          key: 'hull',
          title: t('columns.hull'),
          dataIndex: 'nomorKendaraan',
          width: 100,
          render: (hull: string) => <Typography.Text strong>{hull}</Typography.Text>,
        },
        {
          key: 'fleets',
          title: t('columns.fleets'),
          width: 150,
          render: (_, r) =>
            r.fleets.length ? r.fleets.map((f) => <Tag key={f.fleetId}>{f.fleetName}</Tag>) : '—',
        },
        {
          key: 'category',
          title: t('columns.category'),
          width: 160,
          render: (_, r) => <CategoryTag category={r.category} />,
        },
        {
          key: 'reason',
          title: t('columns.reason'),
          width: 260,
          render: (_, r) => (
            <span className="availability-reason" data-testid="availability-reason" data-reason={r.reason}>
              {words.reason(r.reason)}
            </span>
          ),
        },
        {
          key: 'since',
          title: t('columns.since'),
          width: 150,
          render: (_, r) => (
            <span className="availability-since" title={formatDateTime(r.since, { zone: true })}>
              <span data-testid="availability-since">{words.since(r.since, nowMs)}</span>
              {r.since && <Typography.Text type="secondary">{formatDateTime(r.since)}</Typography.Text>}
            </span>
          ),
        },
        {
          key: 'spk',
          title: t('columns.spk'),
          width: 150,
          render: (_, r) =>
            r.spkId !== null && r.spkKind ? (
              <Link to={`/spk/${r.spkKind}?spk=${r.spkId}`} data-testid="availability-spk">
                {r.spkNumber}
              </Link>
            ) : (
              '—'
            ),
        },
        {
          key: 'stnk',
          title: t('columns.stnk'),
          width: 110,
          render: (_, r) => <PaperTag state={r.stnk} testId="availability-stnk" />,
        },
        {
          key: 'kir',
          title: t('columns.kir'),
          width: 110,
          render: (_, r) => <PaperTag state={r.kir} testId="availability-kir" />,
        },
        {
          key: 'lastFix',
          title: t('columns.lastFix'),
          width: 150,
          render: (_, r) =>
            r.lastFixAt ? (
              <span title={formatDateTime(r.lastFixAt, { zone: true })}>
                {formatRelative(r.lastFixAt, undefined, nowMs)}
              </span>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}
