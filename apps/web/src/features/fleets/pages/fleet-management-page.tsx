import { DEFAULT_PAGE_SIZE, type FleetRow } from '@pantau/contracts';
import { Alert, Card, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditDrawer } from '../../../components/audit/audit-drawer';
import { AdminOnly } from '../../../components/management/admin-only';
import { ListActions } from '../../../components/management/list-actions';
import { ListToolbar } from '../../../components/management/list-toolbar';
import { useListParams } from '../../../components/management/use-list-params';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useDeleteFleet } from '../api/fleet-mutations';
import { useFleetPage } from '../../../lib/api/fleets';
import { useUnitInfo } from '../api/get-unit-info';
import { FleetNameModal } from '../components/fleet-name-modal';
import { FleetTable } from '../components/fleet-table';
import { FleetVehiclesDrawer } from '../components/fleet-vehicles-drawer';
import { UnitInfoCard } from '../components/unit-info-card';
import { UnitInfoModal } from '../components/unit-info-modal';
import '../components/fleets.css';
import { useApp } from '../../../lib/feedback';

/** Fleet management (/management/fleet-management): the unit's details and its fleets (Administrator). */
export function FleetManagementPage({ title }: { title: string }) {
  const { t } = useTranslation('fleets');
  return (
    <>
      <PageHeader title={title} intro={t('intro')} />
      <AdminOnly title={t('adminOnly')}>
        <FleetManagement />
      </AdminOnly>
    </>
  );
}

type History = { entity: 'unit' | 'fleet'; entityId?: number; title: string } | null;

function FleetManagement() {
  const { t } = useTranslation('fleets');
  const { t: tm } = useTranslation('management');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const unitId = getStoredRole()?.roleUnit;
  const list = useListParams();
  const search = list.get('search') ?? '';
  const unit = useUnitInfo(unitId);
  const fleets = useFleetPage(unitId, {
    Take: DEFAULT_PAGE_SIZE,
    Skip: (list.page - 1) * DEFAULT_PAGE_SIZE,
    ...(search ? { search } : {}),
  });
  const remove = useDeleteFleet();
  const [editingUnit, setEditingUnit] = useState(false);
  const [naming, setNaming] = useState<{ fleet: FleetRow | null } | null>(null);
  const [picking, setPicking] = useState<FleetRow | null>(null);
  const [history, setHistory] = useState<History>(null);

  // The server has the last word: a role that lost Administrator sees the same answer as the menu gives.
  const forbidden = [unit.error, fleets.error].some((e) => isApiError(e) && e.code === 'FORBIDDEN');
  if (forbidden)
    return <Result status="403" title={t('adminOnly')} subTitle={tm('adminOnly')} data-testid="admin-only" />;

  const onDelete = (fleet: FleetRow) =>
    remove.mutateAsync(fleet.fleetId).then(
      () => void message.success(t('delete.done', { name: fleet.fleetName })),
      (error: unknown) => void message.error(errorMessage(te, error)),
    );
  const fieldLabel = (field: string) => t(`fields.${field as 'fleetName'}`, { defaultValue: field });

  return (
    <div className="fleet-management">
      {unit.isError && <Alert type="error" showIcon title={errorMessage(te, unit.error)} />}
      {unit.isPending && !unit.isError && (
        <Card>
          <Skeleton active paragraph={{ rows: 2 }} />
        </Card>
      )}
      {unit.data && (
        <UnitInfoCard
          unit={unit.data}
          onEdit={() => setEditingUnit(true)}
          onHistory={() =>
            setHistory({ entity: 'unit', entityId: unit.data.unitId, title: t('history.unit') })
          }
        />
      )}
      {fleets.isError && <Alert type="error" showIcon title={errorMessage(te, fleets.error)} />}
      <Card title={t('list.title')} styles={{ body: { padding: 0 } }}>
        <ListToolbar
          search={search}
          onSearch={(text) => list.update({ search: text })}
          searchPlaceholder={t('list.searchPlaceholder')}
          actions={
            <ListActions
              history={{
                label: t('actions.history'),
                testId: 'fleets-history',
                onClick: () => setHistory({ entity: 'fleet', title: t('history.fleets') }),
              }}
              add={{
                label: t('actions.add'),
                testId: 'add-fleet',
                onClick: () => setNaming({ fleet: null }),
              }}
            />
          }
        />
        <div data-testid="fleets-list" data-total={fleets.data?.count ?? 0} data-loading={fleets.isFetching}>
          <FleetTable
            rows={fleets.data?.results ?? []}
            total={fleets.data?.count ?? 0}
            page={list.page}
            pageSize={DEFAULT_PAGE_SIZE}
            loading={fleets.isFetching && !fleets.isError}
            onPage={(page) => list.update({ page: String(page) })}
            onVehicles={setPicking}
            onRename={(fleet) => setNaming({ fleet })}
            onDelete={onDelete}
            onHistory={(fleet) =>
              setHistory({
                entity: 'fleet',
                entityId: fleet.fleetId,
                title: t('history.fleet', { name: fleet.fleetName }),
              })
            }
          />
        </div>
      </Card>
      {unit.data && (
        <UnitInfoModal unit={unit.data} open={editingUnit} onClose={() => setEditingUnit(false)} />
      )}
      <FleetNameModal fleet={naming?.fleet ?? null} open={naming !== null} onClose={() => setNaming(null)} />
      <FleetVehiclesDrawer fleet={picking} unitId={unitId} onClose={() => setPicking(null)} />
      <AuditDrawer
        entity={history?.entity ?? 'fleet'}
        entityId={history?.entityId}
        open={history !== null}
        title={history?.title}
        onClose={() => setHistory(null)}
        fieldLabel={fieldLabel}
      />
    </div>
  );
}
