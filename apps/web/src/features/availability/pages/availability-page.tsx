import { CloseOutlined, FileExcelOutlined } from '@ant-design/icons';
import type { AvailabilityRow } from '@pantau/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/management/admin-only';
import { downloadSheet } from '../../../components/management/download-sheet';
import { FilterSelect } from '../../../components/management/filter-select';
import { ListToolbar } from '../../../components/management/list-toolbar';
import { ManagementList } from '../../../components/management/management-list';
import { sheetFileName } from '../../../components/management/sheet';
import { useListParams } from '../../../components/management/use-list-params';
import { useSheetExport } from '../../../components/management/use-sheet-export';
import { PageHeader } from '../../../components/page-header';
import { useEveryFleet } from '../../../lib/api/fleets';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { availabilityKeys } from '../api/availability-keys';
import { getEveryAvailability, useAvailabilityPage, useAvailabilityVehicle } from '../api/get-availability';
import { useAvailabilitySummary } from '../api/get-availability-summary';
import { useAvailabilityLive } from '../api/use-availability-live';
import { AvailabilityFigures } from '../components/availability-figures';
import { AvailabilityTable } from '../components/availability-table';
import { useAvailabilityWords } from '../components/use-availability-words';
import { VehicleHistoryDrawer } from '../components/vehicle-history-drawer';
import { availabilityListQuery, figureOf, figurePatch } from '../model/availability-filter';
import { AVAILABILITY_SHEET_COLUMNS, availabilitySheet } from '../model/availability-sheet';
import './availability.css';

/** Re-renders every 30 s so "for 2 h 15 min" stays true between fetches. */
function useNow(ms = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}

/** Availability (/availability, S-052): the Administrator's page. */
export function AvailabilityPage({ title }: { title: string }) {
  return (
    <div className="availability-page" data-testid="availability-page">
      <AdminOnly title={title}>
        <Availability title={title} />
      </AdminOnly>
    </div>
  );
}

/**
 * The spec's 14 figures of the unit or a fleet, each listing its vehicles below (figure, fleet, search
 * and page in the URL); each vehicle with its category, the reason in words and since when; a vehicle
 * opens its last 7 days and its records. Live: refetched when the unit's state changes, else every 30 s.
 */
function Availability({ title }: { title: string }) {
  const { t } = useTranslation('availability');
  const { t: te } = useTranslation('errors');
  const words = useAvailabilityWords();
  const queryClient = useQueryClient();
  const unitId = getStoredRole()?.roleUnit;
  const list = useListParams();
  const state = availabilityListQuery.parse(list.params, list.page);
  const figure = figureOf(state);
  const summary = useAvailabilitySummary(unitId, state.fleetId);
  const query = useAvailabilityPage(unitId, availabilityListQuery.pageQuery(state));
  const fleets = useEveryFleet(unitId);
  const [opened, setOpened] = useState<AvailabilityRow | null>(null);
  const nowMs = useNow();
  useAvailabilityLive();

  // The drawer shows the vehicle as it stands now (its category may just have changed).
  const current = useAvailabilityVehicle(unitId, opened);
  const openedNow = opened ? (current.data ?? opened) : null;

  const sheet = availabilitySheet(words.sheet);
  const { exporting, onExport } = useSheetExport(async () => {
    const rows = await getEveryAvailability(availabilityListQuery.filterQuery(state));
    await downloadSheet(
      sheet,
      rows,
      {
        sheetName: t('export.sheet'),
        headers: Object.fromEntries(
          AVAILABILITY_SHEET_COLUMNS.map((c) => [c.key, t(`columns.${c.key}`)]),
        ) as Record<(typeof AVAILABILITY_SHEET_COLUMNS)[number]['key'], string>,
        yes: '',
        no: '',
      },
      sheetFileName(t('export.file'), new Date()),
    );
    return rows.length;
  });

  return (
    <>
      <PageHeader
        title={title}
        intro={t('intro')}
        extra={
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting}
            onClick={() => void onExport()}
            data-testid="availability-export"
          >
            {t('export.button')}
          </Button>
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
      <AvailabilityFigures
        summary={summary.data}
        active={figure}
        onSelect={(f) => list.update(figurePatch(f))}
      />
      <ManagementList
        query={query}
        testId="availability-list"
        toolbar={
          <ListToolbar
            search={state.search}
            onSearch={(search) => list.update({ search })}
            searchPlaceholder={t('filters.search')}
            filters={
              <>
                <FilterSelect
                  name="fleetId"
                  value={state.fleetId === undefined ? undefined : String(state.fleetId)}
                  all={t('filters.allFleets')}
                  options={(fleets.data ?? []).map((f) => ({ value: String(f.fleetId), label: f.fleetName }))}
                  onChange={list.update}
                />
                {figure !== 'total' && (
                  <Tag
                    closable
                    closeIcon={<CloseOutlined aria-label={t('filters.clear')} />}
                    onClose={(e) => {
                      e.preventDefault();
                      list.update(figurePatch('total'));
                    }}
                    className="availability-figure-tag"
                    data-testid="availability-figure-filter"
                    data-figure={figure}
                  >
                    {t('filters.category', { figure: words.figure(figure) })}
                  </Tag>
                )}
              </>
            }
          />
        }
      >
        <AvailabilityTable
          rows={query.data?.results ?? []}
          total={query.data?.count ?? 0}
          page={state.page}
          loading={query.isPending}
          nowMs={nowMs}
          onPage={(page) => list.update({ page: String(page) })}
          onOpen={setOpened}
        />
      </ManagementList>
      <VehicleHistoryDrawer
        vehicle={openedNow}
        nowMs={nowMs}
        onClose={() => setOpened(null)}
        onRecordsChanged={() => void queryClient.invalidateQueries({ queryKey: availabilityKeys.all })}
      />
    </>
  );
}
