import {
  normalisePlate,
  vehicleClasses,
  type BrandOption,
  type DriverRow,
  type FleetRow,
} from '@pantau/contracts';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';

/** A YYYY-MM-DD field shown with a date picker (the form keeps the string the contract takes). */
const dayProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
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

/** The vehicle form's fields, grouped: identity, tracker & GSM, specification, assignment, documents, other. */
export function VehicleFormFields({
  brands,
  fleets,
  drivers,
}: {
  brands: readonly BrandOption[];
  fleets: readonly FleetRow[];
  drivers: readonly DriverRow[];
}) {
  const { t } = useTranslation('vehicles');
  const status = useVehicleStatusLabels();
  const form = Form.useFormInstance();
  const merkId = Form.useWatch('merkId', form) as number | null | undefined;
  const types = brands.find((b) => b.merkId === merkId)?.tipe ?? [];
  const label = (field: string) => t(`fields.${field}` as 'fields.nomorPolisi');
  const driverOptions = drivers.map((d) => ({
    value: d.pengemudiId,
    label: `${d.name} (${d.employeeNumber})${d.aktif ? '' : ` — ${t('inactive')}`}`,
  }));
  // No min/max on the inputs: antd would silently clamp an out-of-range number; the contract's check
  // refuses it with a message naming the range instead.
  const number = (field: string, extra?: string) => (
    <Col {...half}>
      <Form.Item name={field} label={label(field)} extra={extra}>
        <InputNumber style={{ width: '100%' }} data-testid={`field-${field}`} />
      </Form.Item>
    </Col>
  );
  const text = (field: string, extra?: { hint?: string; max?: number; required?: boolean }) => (
    <Col {...half}>
      <Form.Item name={field} label={label(field)} extra={extra?.hint} required={extra?.required}>
        <Input maxLength={extra?.max} data-testid={`field-${field}`} />
      </Form.Item>
    </Col>
  );

  return (
    <>
      <Section title={t('sections.identity')}>
        <Col {...half}>
          <Form.Item
            name="nomorPolisi"
            label={label('nomorPolisi')}
            extra={t('hints.nomorPolisi')}
            required
            normalize={(v: string) => (v ? normalisePlate(v) : v)}
          >
            <Input maxLength={12} data-testid="field-nomorPolisi" />
          </Form.Item>
        </Col>
        {text('nomorKendaraan', { max: 20, required: true })}
        {text('registrationNumber', { max: 40 })}
        <Col {...half}>
          <Form.Item name="vehicleClass" label={label('vehicleClass')} required>
            <Select
              data-testid="field-vehicleClass"
              options={vehicleClasses.map((c) => ({ value: c, label: status.vehicleClass(c) }))}
            />
          </Form.Item>
        </Col>
      </Section>

      <Section title={t('sections.tracker')}>
        {text('pantauKendaraanId', { hint: t('hints.pantauKendaraanId'), max: 32, required: true })}
        {text('gsmNumber', { hint: t('hints.gsmNumber'), max: 20 })}
        <Col {...half}>
          <Form.Item name="smsAlert" label={label('smsAlert')} valuePropName="checked">
            <Switch data-testid="field-smsAlert" />
          </Form.Item>
        </Col>
      </Section>

      <Section title={t('sections.specification')}>
        <Col {...half}>
          <Form.Item name="merkId" label={label('merkId')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="field-merkId"
              options={brands.map((b) => ({ value: b.merkId, label: b.merk }))}
              onChange={() => form.setFieldValue('tipeId', null)}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="tipeId" label={label('tipeId')}>
            <Select
              allowClear
              disabled={!merkId}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="field-tipeId"
              options={types.map((x) => ({ value: x.tipeId, label: x.tipe }))}
            />
          </Form.Item>
        </Col>
        {number('tahun')}
        {number('capacity')}
        {number('speedLimit', t('hints.speedLimit'))}
        {text('icon', { max: 40 })}
      </Section>

      <Section title={t('sections.assignment')}>
        <Col xs={24}>
          <Form.Item name="fleetIds" label={label('fleetIds')}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="field-fleetIds"
              options={fleets.map((f) => ({ value: f.fleetId, label: f.fleetName }))}
            />
          </Form.Item>
        </Col>
        {(['pengemudiId', 'coPengemudiId'] as const).map((field) => (
          <Col {...half} key={field}>
            <Form.Item name={field} label={label(field)}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                data-testid={`field-${field}`}
                options={driverOptions}
              />
            </Form.Item>
          </Col>
        ))}
        {text('dedicated', { hint: t('hints.dedicated'), max: 100 })}
        {text('pool', { max: 100 })}
      </Section>

      <Section title={t('sections.documents')}>
        {(['stnkDue', 'kirDue'] as const).map((field) => (
          <Col {...half} key={field}>
            <Form.Item name={field} label={label(field)} {...dayProps}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} data-testid={`field-${field}`} />
            </Form.Item>
          </Col>
        ))}
      </Section>

      <Section title={t('sections.other')}>
        {number('odometer')}
        {number('gpsOdometer')}
        {number('erpOdometer')}
        {number('engineHour')}
        <Col xs={24}>
          <Form.Item name="notes" label={label('notes')}>
            <Input.TextArea rows={2} maxLength={500} data-testid="field-notes" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="aktif" label={label('aktif')} valuePropName="checked">
            <Switch data-testid="field-aktif" />
          </Form.Item>
        </Col>
      </Section>
    </>
  );
}
