import { homeStatusFilters, type DashboardGroupKey, type HomeStatusFilter } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { useLayoutStore } from '../../../lib/layout-store';
import { useLiveVehicles } from '../../../lib/live/use-live-vehicles';
import { getStoredRole } from '../../../lib/role-storage';
import { FleetMap } from '../../../map/fleet-map';
import { openVehicleDrawer, useTrackStore } from '../../../map/track-store';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { everyVehicleQueryOptions } from '../../../lib/api/vehicles';
import {
  currentWorkOrdersQueryOptions,
  useRefreshOnOrderChanges,
  useWorkOrderKindLabel,
} from '../../../lib/api/current-work-orders';
import { FleetTable } from '../components/fleet-table';
import { LiveBadge } from '../components/live-badge';
import { StatusCards } from '../components/status-cards';
import { StatusFilterSelect } from '../components/status-filter-select';
import { joinFleetRows } from '../model/fleet-rows';
import {
  filterByStatus,
  filterOfGroup,
  groupOfFilter,
  parseStatusFilter,
  STATUS_PARAM,
} from '../model/status-filter';
import './dashboard.css';

const selectableGroups = new Set<DashboardGroupKey>(homeStatusFilters.map((f) => f.group));

/** Dashboard (/): status counts, the Home status filter (in the URL), the live map and the vehicle table. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: te } = useTranslation('errors');
  const unitId = getStoredRole()?.roleUnit;
  const [params, setParams] = useSearchParams();
  const filter = parseStatusFilter(params.get(STATUS_PARAM));
  const summary = useDashboardSummary(unitId);
  const fleet = useQuery(everyVehicleQueryOptions(unitId));
  const orders = useQuery(currentWorkOrdersQueryOptions(unitId));
  const kindLabel = useWorkOrderKindLabel(unitId);
  useRefreshOnOrderChanges();
  const live = useLiveVehicles();
  const mobile = useLayoutStore((s) => s.mobile);
  const selectedId = useTrackStore((s) => s.vehicleId);
  const follow = useTrackStore((s) => s.track);

  const setFilter = (next: HomeStatusFilter) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === 'all') out.delete(STATUS_PARAM);
        else out.set(STATUS_PARAM, next);
        return out;
      },
      { replace: true },
    );

  const onCard = (group: DashboardGroupKey) => {
    const next = filterOfGroup(group);
    if (next) setFilter(next);
  };

  const mapVehicles = useMemo(
    () => filterByStatus(live.vehicles, summary.data, filter),
    [live.vehicles, summary.data, filter],
  );
  const rows = useMemo(
    () => filterByStatus(joinFleetRows(live.vehicles, fleet.data ?? [], orders.data), summary.data, filter),
    [live.vehicles, fleet.data, orders.data, summary.data, filter],
  );

  return (
    <div className="dashboard-page" data-testid="dashboard-page" data-status={filter}>
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        extra={
          <Space wrap className="dashboard-toolbar">
            <LiveBadge connection={live.connection} />
            <StatusFilterSelect value={filter} onChange={setFilter} />
          </Space>
        }
      />
      {summary.isError && (
        <Alert
          type="error"
          showIcon
          title={t('summaryError')}
          description={errorMessage(te, summary.error)}
          style={{ marginBottom: 16 }}
        />
      )}
      <StatusCards
        summary={summary.data}
        vehicles={live.vehicles}
        active={groupOfFilter(filter)}
        selectable={selectableGroups}
        onSelect={onCard}
      />
      <Card className="dashboard-panel" title={t('mapTitle')} size="small" styles={{ body: { padding: 0 } }}>
        <FleetMap
          vehicles={mapVehicles}
          selectedId={selectedId}
          onSelect={openVehicleDrawer}
          follow={follow}
          height={mobile ? 300 : 420}
          testId="dashboard-map"
        />
      </Card>
      <Card
        className="dashboard-panel"
        title={t('tableTitle')}
        size="small"
        styles={{ body: { padding: 0 } }}
      >
        <FleetTable
          key={filter}
          rows={rows}
          kindLabel={kindLabel}
          loading={live.isLoading || summary.isPending || fleet.isPending}
          selectedId={selectedId}
          onSelect={(r) => openVehicleDrawer(r.kendaraanId)}
        />
      </Card>
    </div>
  );
}
