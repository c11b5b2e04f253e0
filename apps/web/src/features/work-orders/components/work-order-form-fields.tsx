import { WORK_ORDER_KINDS, type RouteRow } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEveryDriver } from '../../../lib/api/drivers';
import { everyVehicleQueryOptions } from '../../../lib/api/vehicles';
import { userTimeZoneName, wallTimeOf, zonedWallTime } from '../../../lib/date-time';
import { usePlaces, useRoutes } from '../api/get-places';
import { useWorkOrderKinds } from '../api/work-order-kinds';

/** The run date: the form keeps the ISO instant the contract takes, the picker shows it in the user's zone. */
const runDateProps = {
  getValueProps: (value: string | null | undefined) => ({
    value: value ? dayjs(wallTimeOf(value, userTimeZoneName())) : null,
  }),
  normalize: (value: Dayjs | null) =>
    value ? zonedWallTime(value.format('YYYY-MM-DDTHH:mm'), userTimeZoneName()) : null,
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Typography.Title level={5} className="form-section-title">
        {title}
      </Typography.Title>
      <Row gutter={12}>{children}</Row>
    </>
  );
}

const half = { xs: 24, sm: 12 };

/**
 * The SPK form's fields: kind and numbers, the trip (route, run date, origin and destination, which
 * follow the route and can be changed), vehicle and drivers, load, notes.
 */
export function WorkOrderFormFields({ unitId, open }: { unitId: number | undefined; open: boolean }) {
  const { t } = useTranslation('workOrders');
  const form = Form.useFormInstance();
  const kinds = useWorkOrderKinds(unitId);
  const vehicles = useQuery({ ...everyVehicleQueryOptions(unitId), enabled: open });
  const drivers = useEveryDriver(unitId, open);
  const routes = useRoutes(unitId, open);
  const places = usePlaces(unitId, open);
  const kosongan = Form.useWatch('kosongan', form) as boolean | undefined;
  const label = (field: string) => t(`form.fields.${field}` as 'form.fields.kind');
  const inactive = ` — ${t('form.inactive')}`;

  const routeRows = routes.data?.results ?? [];
  const onRoute = (trayekId: number | undefined) => {
    const route: RouteRow | undefined = routeRows.find((r) => r.trayekId === trayekId);
    // Origin and destination follow the route; the Administrator may change them afterwards.
    form.setFieldsValue({
      originPolygonId: route?.originPolygonId ?? null,
      destinationPolygonId: route?.destinationPolygonId ?? null,
    });
  };
  const placeOptions = (places.data ?? []).map((g) => ({
    value: g.polygonId,
    label: `${g.polygonName} (${g.polygonCode})`,
  }));
  const select = (
    field: string,
    options: { value: number; label: string; disabled?: boolean }[],
    loading: boolean,
    onChange?: (v: number | undefined) => void,
  ) => (
    <Form.Item name={field} label={label(field)}>
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('form.choose')}
        options={options}
        loading={loading}
        onChange={onChange}
        data-testid={`field-${field}`}
      />
    </Form.Item>
  );
  const driverOptions = (drivers.data ?? []).map((d) => ({
    value: d.pengemudiId,
    label: `${d.name} (${d.employeeNumber})${d.aktif ? '' : inactive}`,
    disabled: !d.aktif,
  }));

  return (
    <>
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="kind" label={label('kind')}>
            <Select
              options={WORK_ORDER_KINDS.map((k) => ({
                value: k,
                label: kinds.data?.results.find((l) => l.kind === k)?.label ?? k.toUpperCase(),
              }))}
              data-testid="field-kind"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="runDate" label={label('runDate')} {...runDateProps}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              style={{ width: '100%' }}
              data-testid="field-runDate"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="spkNumber" label={label('spkNumber')}>
            <Input maxLength={40} data-testid="field-spkNumber" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="dtNumber" label={label('dtNumber')}>
            <Input maxLength={40} data-testid="field-dtNumber" />
          </Form.Item>
        </Col>
      </Row>
      <Section title={t('form.trip')}>
        <Col span={24}>
          {select(
            'trayekId',
            routeRows.map((r) => ({ value: r.trayekId, label: `${r.code} · ${r.name}` })),
            routes.isPending,
            onRoute,
          )}
        </Col>
        <Col {...half}>{select('originPolygonId', placeOptions, places.isPending)}</Col>
        <Col {...half}>{select('destinationPolygonId', placeOptions, places.isPending)}</Col>
      </Section>
      <Section title={t('form.crew')}>
        <Col span={24}>
          {select(
            'kendaraanId',
            (vehicles.data ?? []).map((v) => ({
              value: v.kendaraanId,
              label: `${v.nomorPolisi} · ${v.nomorKendaraan}${v.aktif ? '' : inactive}`,
              disabled: !v.aktif,
            })),
            vehicles.isPending,
          )}
        </Col>
        <Col {...half}>{select('pengemudiId', driverOptions, drivers.isPending)}</Col>
        <Col {...half}>{select('coPengemudiId', driverOptions, drivers.isPending)}</Col>
      </Section>
      <Section title={t('form.load')}>
        <Col span={24}>
          <Form.Item
            name="kosongan"
            label={label('kosongan')}
            valuePropName="checked"
            extra={t('form.kosonganHelp')}
          >
            <Switch data-testid="field-kosongan" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="customer" label={label('customer')}>
            <Input maxLength={100} disabled={kosongan} data-testid="field-customer" />
          </Form.Item>
        </Col>
        <Col {...half}>
          {/* No min/max: antd would clamp silently; the contract names the range instead. */}
          <Form.Item name="loadCount" label={label('loadCount')}>
            <InputNumber style={{ width: '100%' }} disabled={kosongan} data-testid="field-loadCount" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="loadDescription" label={label('loadDescription')}>
            <Input maxLength={200} disabled={kosongan} data-testid="field-loadDescription" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="notes" label={label('notes')}>
            <Input.TextArea rows={3} maxLength={500} data-testid="field-notes" />
          </Form.Item>
        </Col>
      </Section>
    </>
  );
}
