import { CheckOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { IncidentRow, MaintenanceRow, PretripCheckRow } from '@pantau/contracts';
import { Alert, Button, Collapse, Empty, Popconfirm, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import type { VehicleRecordsProps } from '../../../components/vehicle-records/vehicle-records-slot';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { checkRecords, incidentRecords, maintenanceRecords } from '../api/vehicle-records';
import { openFirst } from '../model/record-inputs';
import {
  AddCheckModal,
  AddOpenCloseModal,
  CloseRecordModal,
  type Closing,
  type RecordSection,
} from './record-forms';
import './vehicle-records.css';
import { useApp } from '../../../lib/feedback';

/**
 * A vehicle's maintenance orders, incidents and pre-trip checks (P2H), open ones first. Every role
 * reads them; Administrators add, close (or pass) and delete them.
 */
export function VehicleRecords({ folded = false, ...props }: VehicleRecordsProps) {
  const { t } = useTranslation('vehicleHealth');
  if (!folded) return <Records {...props} />;
  return (
    <Collapse
      size="small"
      className="vehicle-records-folded"
      data-testid="vehicle-records-folded"
      items={[{ key: 'records', label: t('title'), children: <Records {...props} /> }]}
    />
  );
}

function Records({ kendaraanId, onChanged }: Omit<VehicleRecordsProps, 'folded'>) {
  const { t } = useTranslation('vehicleHealth');
  const unitId = getStoredRole()?.roleUnit;
  const administrator = isAdministrator();
  const maintenance = maintenanceRecords.useList(unitId, kendaraanId);
  const incidents = incidentRecords.useList(unitId, kendaraanId);
  const checks = checkRecords.useList(unitId, kendaraanId);
  const [adding, setAdding] = useState<RecordSection | null>(null);
  const [closing, setClosing] = useState<Closing | null>(null);
  const changed = () => onChanged?.();

  const label = (section: RecordSection, open: number | undefined) => (
    <span data-testid={`records-tab-${section}`}>
      {t(`tabs.${section}`)}
      {open ? (
        <Tag color="red" className="records-open-count">
          {open}
        </Tag>
      ) : null}
    </span>
  );
  const add = (section: RecordSection, text: string) =>
    administrator && (
      <Button
        icon={<PlusOutlined />}
        size="small"
        onClick={() => setAdding(section)}
        data-testid={`records-add-${section}`}
      >
        {text}
      </Button>
    );

  return (
    <div className="vehicle-records" data-testid="vehicle-records">
      {!administrator && <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>}
      <Tabs
        size="small"
        items={[
          {
            key: 'maintenance',
            label: label('maintenance', maintenance.data?.results.filter((r) => r.open).length),
            children: (
              <Section
                query={maintenance}
                empty={t('empty.maintenance')}
                action={add('maintenance', t('actions.addMaintenance'))}
              >
                {(rows: MaintenanceRow[]) =>
                  openFirst(rows).map((r) => (
                    <OpenCloseItem
                      key={r.maintenanceId}
                      section="maintenance"
                      id={r.maintenanceId}
                      row={r}
                      kindLabel={t(`maintenanceKinds.${r.kind}`)}
                      administrator={administrator}
                      onClose={() => setClosing({ section: 'maintenance', row: r })}
                      onDeleted={changed}
                    />
                  ))
                }
              </Section>
            ),
          },
          {
            key: 'incidents',
            label: label('incidents', incidents.data?.results.filter((r) => r.open).length),
            children: (
              <Section
                query={incidents}
                empty={t('empty.incidents')}
                action={add('incidents', t('actions.addIncident'))}
              >
                {(rows: IncidentRow[]) =>
                  openFirst(rows).map((r) => (
                    <OpenCloseItem
                      key={r.incidentId}
                      section="incidents"
                      id={r.incidentId}
                      row={r}
                      kindLabel={t(`incidentKinds.${r.kind}`)}
                      administrator={administrator}
                      onClose={() => setClosing({ section: 'incidents', row: r })}
                      onDeleted={changed}
                    />
                  ))
                }
              </Section>
            ),
          },
          {
            key: 'p2h',
            label: label('p2h', checks.data?.results.filter((r) => r.result !== 'passed').length),
            children: (
              <Section query={checks} empty={t('empty.p2h')} action={add('p2h', t('actions.addCheck'))}>
                {(rows: PretripCheckRow[]) =>
                  rows.map((r) => (
                    <CheckItem
                      key={r.checkId}
                      row={r}
                      administrator={administrator}
                      onPass={() => setClosing({ section: 'p2h', row: r })}
                      onDeleted={changed}
                    />
                  ))
                }
              </Section>
            ),
          },
        ]}
      />
      {(adding === 'maintenance' || adding === 'incidents') && (
        <AddOpenCloseModal
          section={adding}
          kendaraanId={kendaraanId}
          open
          onClose={() => setAdding(null)}
          onSaved={changed}
        />
      )}
      {adding === 'p2h' && (
        <AddCheckModal kendaraanId={kendaraanId} open onClose={() => setAdding(null)} onSaved={changed} />
      )}
      {closing && <CloseRecordModal closing={closing} onClose={() => setClosing(null)} onSaved={changed} />}
    </div>
  );
}

function Section<Row>({
  query,
  empty,
  action,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: { results: Row[] } };
  empty: string;
  action: ReactNode;
  children: (rows: Row[]) => ReactNode;
}) {
  const { t: te } = useTranslation('errors');
  return (
    <div className="records-section">
      {action && <div className="records-actions">{action}</div>}
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <Alert type="error" showIcon title={errorMessage(te, query.error)} />
      ) : query.data?.results.length ? (
        <ul className="records-list">{children(query.data.results)}</ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      )}
    </div>
  );
}

function DeleteRecord({
  section,
  id,
  onDeleted,
}: {
  section: RecordSection;
  id: number;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('vehicleHealth');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const maintenance = maintenanceRecords.useDelete();
  const incidents = incidentRecords.useDelete();
  const checks = checkRecords.useDelete();
  const remove = { maintenance, incidents, p2h: checks }[section];
  return (
    <Popconfirm
      title={t('actions.deleteConfirm')}
      okText={t('actions.delete')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'record-delete-confirm' } }}
      onConfirm={() =>
        remove.mutateAsync(id).then(
          () => {
            void message.success(t('actions.deleted'));
            onDeleted();
          },
          (error: unknown) => void message.error(errorMessage(te, error)),
        )
      }
    >
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('actions.delete')}
        title={t('actions.delete')}
        data-testid="record-delete"
      />
    </Popconfirm>
  );
}

function OpenCloseItem({
  section,
  id,
  row,
  kindLabel,
  administrator,
  onClose,
  onDeleted,
}: {
  section: 'maintenance' | 'incidents';
  id: number;
  row: MaintenanceRow | IncidentRow;
  kindLabel: string;
  administrator: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('vehicleHealth');
  return (
    <li
      className={`records-item${row.open ? ' is-open' : ''}`}
      data-testid="record-item"
      data-section={section}
      data-kind={row.kind}
      data-open={row.open}
    >
      <div className="records-item-head">
        <Space size={6} wrap>
          <Typography.Text strong>{kindLabel}</Typography.Text>
          <Tag color={row.open ? 'red' : 'default'}>{t(row.open ? 'state.open' : 'state.closed')}</Tag>
        </Space>
        {administrator && (
          <Space size={4}>
            {row.open && (
              <Button size="small" icon={<CheckOutlined />} onClick={onClose} data-testid="record-close">
                {t('actions.close')}
              </Button>
            )}
            <DeleteRecord section={section} id={id} onDeleted={onDeleted} />
          </Space>
        )}
      </div>
      <Typography.Text type="secondary" className="records-times">
        {t('times.opened', { time: formatDateTime(row.openedAt) })}
        {row.closedAt && ` · ${t('times.closed', { time: formatDateTime(row.closedAt) })}`}
        {row.createdBy && ` · ${t('times.by', { name: row.createdBy })}`}
      </Typography.Text>
      {row.notes && <div className="records-notes">{row.notes}</div>}
    </li>
  );
}

const CHECK_COLORS = { passed: 'green', defects: 'red', running: 'gold' } as const;

function CheckItem({
  row,
  administrator,
  onPass,
  onDeleted,
}: {
  row: PretripCheckRow;
  administrator: boolean;
  onPass: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('vehicleHealth');
  return (
    <li
      className={`records-item${row.result !== 'passed' ? ' is-open' : ''}`}
      data-testid="record-item"
      data-section="p2h"
      data-result={row.result}
    >
      <div className="records-item-head">
        <Space size={6} wrap>
          <Typography.Text strong>{t('tabs.p2h')}</Typography.Text>
          <Tag color={CHECK_COLORS[row.result]}>{t(`state.${row.result}`)}</Tag>
        </Space>
        {administrator && (
          <Space size={4}>
            {row.result !== 'passed' && (
              <Button size="small" icon={<CheckOutlined />} onClick={onPass} data-testid="record-pass">
                {t('actions.pass')}
              </Button>
            )}
            <DeleteRecord section="p2h" id={row.checkId} onDeleted={onDeleted} />
          </Space>
        )}
      </div>
      <Typography.Text type="secondary" className="records-times">
        {t('times.started', { time: formatDateTime(row.startedAt) })}
        {row.passedAt && ` · ${t('times.passed', { time: formatDateTime(row.passedAt) })}`}
        {row.pengemudiName && ` · ${t('times.driver', { name: row.pengemudiName })}`}
      </Typography.Text>
      {row.defects.length > 0 && (
        <ul className="records-defects">
          {row.defects.map((d, i) => (
            <li key={i}>{d}</li>
          ))}
        </ul>
      )}
      {row.notes && <div className="records-notes">{row.notes}</div>}
    </li>
  );
}
