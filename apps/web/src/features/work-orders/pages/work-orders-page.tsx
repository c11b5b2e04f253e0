import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { WorkOrderKind, WorkOrderRow } from '@pantau/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import { ListToolbar } from '../../../components/management/list-toolbar';
import { ManagementList, serverTableProps } from '../../../components/management/management-list';
import { useListParams } from '../../../components/management/use-list-params';
import { PageHeader } from '../../../components/page-header';
import { useRefreshOnOrderChanges } from '../../../lib/api/current-work-orders';
import { zonedDayBound } from '../../../lib/date-time';
import { getStoredRole } from '../../../lib/role-storage';
import { useWorkOrders } from '../api/get-work-orders';
import { useKindLabel } from '../api/work-order-kinds';
import { workOrderKeys } from '../api/work-order-keys';
import { KindLabelsDialog } from '../components/kind-labels-dialog';
import { WorkOrderDrawer } from '../components/work-order-drawer';
import { WorkOrderFilters } from '../components/work-order-filters';
import { WorkOrderFormDrawer } from '../components/work-order-form-drawer';
import { WorkOrderListExtras } from '../components/work-order-list-extras';
import { WorkOrderTable } from '../components/work-order-table';
import {
  runDatePeriod,
  withDefaultSort,
  workOrderFilterQuery,
  workOrderListQuery,
  workOrderPageQuery,
} from '../model/work-order-list-query';
import '../components/work-orders.css';

const LIVE_KEYS = [workOrderKeys.pages, workOrderKeys.details];

/**
 * The SPKs of one kind (/spk/ccr, /spk/dt), titled with the unit's name of the kind: filters, sort and
 * page in the URL, the SPK's drawer at `?spk=<id>`. Administrators create, edit, cancel and correct;
 * everyone else reads.
 */
export function WorkOrdersPage({ kind, fallbackTitle }: { kind: WorkOrderKind; fallbackTitle: string }) {
  const { t } = useTranslation('workOrders');
  const unitId = getStoredRole()?.roleUnit;
  const administrator = isAdministrator();
  const label = useKindLabel(unitId, kind);
  const title = label?.label ?? fallbackTitle;
  const list = useListParams();
  const state = workOrderListQuery.parse(list.params, list.page);
  const period = runDatePeriod(list.params);
  const query = useWorkOrders(unitId, kind, workOrderPageQuery(state, period, zonedDayBound));
  // A status the GPS changes (a truck left its pool, came back) shows without waiting for the refresh.
  useRefreshOnOrderChanges(LIVE_KEYS);
  const [editing, setEditing] = useState<{ spkId: number | null } | null>(null);
  const [renaming, setRenaming] = useState(false);
  const openId = Number(list.get('spk'));
  const spkId = Number.isInteger(openId) && openId > 0 ? openId : null;
  // Opening or closing the drawer keeps the page the reader is on.
  const keepPage = list.page > 1 ? String(list.page) : undefined;
  const open = (row: WorkOrderRow) => list.update({ spk: String(row.spkId), page: keepPage });

  return (
    <div className="work-orders-page" data-testid={`spk-page-${kind}`}>
      <PageHeader
        title={title}
        intro={label?.description ?? t('intro', { label: title })}
        extra={
          administrator && (
            <Button icon={<EditOutlined />} onClick={() => setRenaming(true)} data-testid="spk-rename-kind">
              {t('renameKind')}
            </Button>
          )
        }
      />
      {!administrator && (
        <Alert
          type="info"
          showIcon
          title={t('readOnly')}
          style={{ marginBottom: 12 }}
          data-testid="spk-read-only"
        />
      )}
      <ManagementList
        query={query}
        testId="spk-list"
        toolbar={
          <ListToolbar
            search={state.search}
            onSearch={(search) => list.update({ search })}
            searchPlaceholder={t('searchPlaceholder')}
            filters={<WorkOrderFilters unitId={unitId} state={state} period={period} update={list.update} />}
            actions={
              <>
                <WorkOrderListExtras
                  kind={kind}
                  filterQuery={workOrderFilterQuery(state, period, zonedDayBound)}
                  administrator={administrator}
                  onChanged={() => void query.refetch()}
                />
                {administrator && (
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => setEditing({ spkId: null })}
                    data-testid="add-spk"
                  >
                    {t('add')}
                  </Button>
                )}
              </>
            }
          />
        }
      >
        <WorkOrderTable
          {...serverTableProps(query, withDefaultSort(state), list.update)}
          onOpen={open}
          onEdit={administrator ? (row) => setEditing({ spkId: row.spkId }) : undefined}
        />
      </ManagementList>
      <WorkOrderDrawer
        spkId={spkId}
        administrator={administrator}
        onClose={() => list.update({ spk: undefined, page: keepPage })}
        onEdit={(id) => setEditing({ spkId: id })}
      />
      <WorkOrderFormDrawer
        open={editing !== null}
        kind={kind}
        spkId={editing?.spkId ?? null}
        onClose={() => setEditing(null)}
      />
      {administrator && renaming && <KindLabelsDialog open onClose={() => setRenaming(false)} />}
    </div>
  );
}
