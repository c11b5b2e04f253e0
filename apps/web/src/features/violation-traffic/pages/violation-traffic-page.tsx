import { FileExcelOutlined } from '@ant-design/icons';
import { localDay, readsViolationTraffic, VIOLATION_KINDS } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Select, Spin, Statistic } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useEveryFleet } from '../../../lib/api/fleets';
import { everyVehicleQueryOptions } from '../../../lib/api/vehicles';
import { formatDate, formatDateTime, userTimeZoneName } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { useLayoutStore } from '../../../lib/layout-store';
import type { Query } from '../../../lib/query-string';
import { getStoredRole } from '../../../lib/role-storage';
import { exportViolationTraffic } from '../api/export-violation-traffic';
import { useViolationTraffic } from '../api/get-violation-traffic';
import { FleetSection } from '../components/fleet-section';
import { PeriodFilter } from '../components/period-filter';
import { TopDriversSection } from '../components/top-drivers-section';
import { TrafficSection } from '../components/traffic-section';
import { ViolationList } from '../components/violation-list';
import { KIND_COLORS } from '../model/kinds';
import { SELECTION_KEYS, selectionOf, selectionParams, type BarSelection } from '../model/selection';
import { periodOf, periodParams, periodQuery, type TrafficPeriod } from '../model/traffic-period';
import '../violation-traffic.css';
import { useApp } from '../../../lib/feedback';
import { roleGated } from '../../../components/role-gate';

const isGroup = (v: string | null): v is string => !!v && (v === 'none' || /^\d+$/.test(v));

/**
 * Violation Traffic (/violation-traffic): the period (weekly, monthly, yearly, custom), fleet and vehicles
 * in the URL; counts over time, by fleet and the top 10 drivers, each chart with its table; a click on a
 * bar or a row lists its violations (kept in the URL too), each linking to playback on /map.
 */
function ViolationTrafficPageContent() {
  const { t, i18n } = useTranslation('violationTraffic');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const mobile = useLayoutStore((s) => s.mobile);
  const unitId = getStoredRole()?.roleUnit;
  const timeZone = userTimeZoneName();
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const [exporting, setExporting] = useState(false);

  const period = periodOf(params, now, timeZone);
  const range = periodQuery(period, timeZone);
  const fleet = params.get('fleet');
  const fleetId = isGroup(fleet) ? fleet : undefined;
  const vehicleIds = (params.get('v') ?? '').split(',').filter((s) => /^\d+$/.test(s));
  const filters: Record<string, string> | null = range
    ? {
        ...range,
        ...(fleetId ? { fleetId } : {}),
        ...(vehicleIds.length ? { kendaraanId: vehicleIds.join(',') } : {}),
      }
    : null;
  const traffic = useViolationTraffic(unitId, filters);
  const data = traffic.data;
  const selection = selectionOf(params);

  const set = useCallback(
    (patch: Record<string, string | undefined>, keepSelection = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === '') next.delete(k);
            else next.set(k, v);
          }
          // Other filters, other bars: the list of a bar closes.
          if (!keepSelection) for (const k of SELECTION_KEYS) next.delete(k);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const select = useCallback((s: BarSelection | null) => set(selectionParams(s), true), [set]);

  const vehicles = useQuery(everyVehicleQueryOptions(unitId));
  const fleets = useEveryFleet(unitId);

  const listQuery: Query | null =
    filters && selection
      ? {
          ...filters,
          ...(selection.from && selection.to ? { from: selection.from, to: selection.to } : {}),
          ...(selection.kind ? { kind: selection.kind } : {}),
          ...(selection.fleetId ? { fleetId: selection.fleetId } : {}),
          ...(selection.pengemudiId ? { pengemudiId: selection.pengemudiId } : {}),
        }
      : null;

  /** What the listed bar is, in words: kind, when, fleet, driver. */
  const selectionTitle = (s: BarSelection) => {
    const parts: string[] = [];
    if (s.kind) parts.push(t(`kinds.${s.kind}`));
    if (s.from && s.to) {
      const first = localDay(Date.parse(s.from), timeZone);
      const last = localDay(Date.parse(s.to) - 1, timeZone);
      parts.push(first === last ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`);
    }
    if (s.fleetId) {
      const f = data?.byFleet.find((x) => String(x.fleetId ?? 'none') === s.fleetId);
      parts.push(t('list.fleet', { name: f?.fleetName ?? t('filters.noFleet') }));
    }
    if (s.pengemudiId) {
      const d = data?.byDriver.find((x) => String(x.pengemudiId ?? 'none') === s.pengemudiId);
      parts.push(t('list.driver', { name: d?.name ?? t('drivers.noDriver') }));
    }
    return parts.length ? parts.join(' · ') : t('list.all');
  };

  const onExport = async () => {
    if (!filters) return;
    setExporting(true);
    try {
      await exportViolationTraffic({
        format: 'xlsx',
        query: filters,
        language: i18n.resolvedLanguage === 'id' ? 'id' : 'en',
        timeZone,
      });
      void message.success(t('export.started'));
    } catch (err) {
      void message.error(errorMessage(te, err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="violation-traffic-page">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        extra={
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting}
            disabled={!filters || exporting}
            onClick={() => void onExport()}
            data-testid="vt-export"
          >
            {t('export.xlsx')}
          </Button>
        }
      />
      <Card className="vt-filters" data-testid="vt-filters">
        <div className="vt-filter-row">
          <PeriodFilter
            period={period}
            today={localDay(now, timeZone)}
            onChange={(p: TrafficPeriod) => set(periodParams(p))}
          />
          <Select
            allowClear
            aria-label={t('filters.fleet')}
            placeholder={t('filters.allFleets')}
            data-testid="vt-fleet"
            className="vt-filter"
            style={{ width: 200 }}
            value={fleetId}
            onChange={(v: string | undefined) => set({ fleet: v })}
            options={[
              ...(fleets.data ?? []).map((f) => ({ value: String(f.fleetId), label: f.fleetName })),
              { value: 'none', label: t('filters.noFleet') },
            ]}
          />
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            maxTagCount="responsive"
            aria-label={t('filters.vehicles')}
            placeholder={t('filters.allVehicles')}
            data-testid="vt-vehicles"
            loading={vehicles.isPending}
            className="vt-filter"
            style={{ width: 300 }}
            value={vehicleIds}
            onChange={(ids: string[]) => set({ v: ids.join(',') || undefined })}
            options={(vehicles.data ?? []).map((v) => ({
              value: String(v.kendaraanId),
              label: `${v.nomorKendaraan} · ${v.nomorPolisi}`,
            }))}
          />
          {!range && (
            <div className="vt-period-required" role="alert" data-testid="vt-period-required">
              {t('periodRequired')}
            </div>
          )}
        </div>
      </Card>

      {traffic.isError && (
        <Alert type="error" showIcon message={errorMessage(te, traffic.error)} style={{ marginBottom: 16 }} />
      )}
      {range && !data && traffic.isPending && (
        <Card>
          <Spin />
        </Card>
      )}
      {range && data && (
        <>
          <Card className="vt-totals" data-testid="vt-totals">
            <Row gutter={[16, 16]}>
              {VIOLATION_KINDS.map((kind) => (
                <Col xs={12} md={8} xl={4} key={kind}>
                  <Statistic
                    title={t(`kinds.${kind}`)}
                    value={data.totals[kind]}
                    valueStyle={{ color: KIND_COLORS[kind] }}
                  />
                </Col>
              ))}
              <Col xs={12} md={8} xl={4}>
                <Statistic title={t('totals.total')} value={data.totals.total} />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Statistic title={t('totals.points')} value={data.totals.points} />
              </Col>
            </Row>
            <div className="vt-period-line">
              <span className="vt-muted">
                <Spin size="small" spinning={traffic.isFetching} delay={300} />{' '}
                {formatDateTime(data.from, { zone: true })} – {formatDateTime(data.to, { zone: true })} ·{' '}
                {t('list.hint')}
              </span>
              <Button
                size="small"
                onClick={() => select({})}
                data-testid="vt-list-all"
                disabled={!data.totals.total}
              >
                {t('list.all')}
              </Button>
            </div>
          </Card>
          {selection && listQuery && (
            <ViolationList
              unitId={unitId}
              query={listQuery}
              title={selectionTitle(selection)}
              onClose={() => select(null)}
              mobile={mobile}
            />
          )}
          <TrafficSection data={data} onSelect={select} mobile={mobile} />
          <FleetSection data={data} onSelect={select} mobile={mobile} />
          <TopDriversSection data={data} onSelect={select} mobile={mobile} />
        </>
      )}
    </div>
  );
}

export const ViolationTrafficPage = roleGated(ViolationTrafficPageContent, readsViolationTraffic);
