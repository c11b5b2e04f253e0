import type { AuditRow } from '@pantau/contracts';
import { Alert, Drawer, Empty, Flex, Pagination, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditDrawerProps } from '../../../components/audit/audit-drawer';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { useAudit } from '../api/get-audit';
import { formatChanges } from '../model/format-changes';
import './audit-drawer.css';

const PAGE_SIZE = 10;
const KNOWN_ACTIONS = [
  'create',
  'update',
  'delete',
  'deactivate',
  'activate',
  'import',
  'revoke',
  'add',
  'remove',
  'role',
  'disable',
  'enable',
  'reset_password',
  'password',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnownAction = (action: string): action is KnownAction =>
  (KNOWN_ACTIONS as readonly string[]).includes(action);

const ACTION_COLOURS: Partial<Record<KnownAction, string>> = {
  create: 'green',
  import: 'green',
  add: 'green',
  update: 'blue',
  role: 'blue',
  delete: 'red',
  deactivate: 'red',
  revoke: 'red',
  remove: 'red',
  disable: 'red',
};

/** The audit trail of an entity or one record (Administrator): when, who, what and which fields changed. */
export function AuditDrawer({ entity, entityId, open, onClose, title, fieldLabel }: AuditDrawerProps) {
  const { t } = useTranslation();
  const { t: te } = useTranslation('errors');
  const [page, setPage] = useState(1);
  const id = entityId === undefined ? undefined : String(entityId);
  const query = useAudit(entity, id, PAGE_SIZE, (page - 1) * PAGE_SIZE, open);
  const labels = { yes: t('audit.yes'), no: t('audit.no'), empty: '—' };
  const actionText = (action: string) => (isKnownAction(action) ? t(`audit.actions.${action}`) : action);

  const entry = (row: AuditRow) => {
    const lines = formatChanges(row.changes, labels, fieldLabel);
    const colour = isKnownAction(row.action) ? ACTION_COLOURS[row.action] : undefined;
    return (
      <li key={row.auditId} className="audit-entry" data-testid="audit-entry">
        <Flex justify="space-between" align="baseline" gap={8} wrap>
          <span>
            <Tag color={colour}>{actionText(row.action)}</Tag>
            {row.label && <Typography.Text strong>{row.label}</Typography.Text>}
          </span>
          <Typography.Text type="secondary" className="audit-when">
            {formatDateTime(row.at, { seconds: true })}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" className="audit-who">
          {t('audit.by', { actor: row.actor })}
        </Typography.Text>
        {lines.length > 0 && (
          <ul className="audit-changes">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <Drawer
      title={title ?? t('audit.title')}
      open={open}
      onClose={onClose}
      size={480}
      rootClassName="audit-drawer"
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setPage(1);
      }}
    >
      <div data-testid="audit-drawer">
        {query.isError && <Alert type="error" showIcon title={errorMessage(te, query.error)} />}
        {query.isPending && !query.isError && (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        )}
        {query.data && query.data.count === 0 && <Empty description={t('audit.empty')} />}
        {query.data && query.data.count > 0 && (
          <>
            <ul className="audit-list" aria-busy={query.isFetching}>
              {query.data.results.map(entry)}
            </ul>
            <Flex justify="center">
              <Pagination
                size="small"
                current={page}
                pageSize={PAGE_SIZE}
                total={query.data.count}
                showSizeChanger={false}
                showTotal={(total) => t('table.total', { count: total })}
                onChange={setPage}
              />
            </Flex>
          </>
        )}
      </div>
    </Drawer>
  );
}
