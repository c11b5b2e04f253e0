import { Alert, Card, Col, Row, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useCcStatus } from '../api/car-carrier-api';
import { CLASS_COLORS } from '../model/classes';

/** Spec §4 car carrier status: how many are ready or in trouble now, and each with its reason. */
export function StatusCard({ unitId }: { unitId: number | undefined }) {
  const { t } = useTranslation('carCarrier');
  const { t: te } = useTranslation('errors');
  const status = useCcStatus(unitId);
  const data = status.data;
  return (
    <Card className="cc-section" title={t('activity.status')} data-testid="cc-status">
      {status.isError && <Alert type="error" showIcon message={errorMessage(te, status.error)} />}
      <Row gutter={16} style={{ marginBlockEnd: 12 }}>
        <Col data-testid="cc-status-ready" data-value={data?.ready}>
          <Statistic
            title={t('activity.ready')}
            value={data?.ready ?? '—'}
            valueStyle={{ color: CLASS_COLORS.idle_ready }}
          />
        </Col>
        <Col data-testid="cc-status-trouble" data-value={data?.trouble}>
          <Statistic
            title={t('activity.trouble')}
            value={data?.trouble ?? '—'}
            valueStyle={{ color: CLASS_COLORS.idle_trouble }}
          />
        </Col>
      </Row>
      <Table
        size="small"
        rowKey="kendaraanId"
        loading={status.isPending}
        dataSource={data?.results ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        data-testid="cc-status-table"
        columns={[
          {
            key: 'v',
            title: t('columns.vehicle'),
            render: (_, r) => `${r.nomorKendaraan} · ${r.nomorPolisi}`,
          },
          {
            key: 's',
            title: t('columns.status'),
            render: (_, r) => (
              <Tag color={r.status === 'ready' ? 'green' : 'red'}>
                {t(r.status === 'ready' ? 'activity.ready' : 'activity.trouble')}
              </Tag>
            ),
          },
          { key: 'r', title: t('columns.reason'), dataIndex: 'reason' },
        ]}
      />
    </Card>
  );
}
