import { SIM_CLASSES, type DriverRow } from '@pantau/contracts';
import { DatePicker, Form, Input, Select, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/management/form-drawer';
import { driverWrites } from '../api/driver-mutations';
import { checkDriverForm, DRIVER_FORM_FIELDS, driverFormValues, NEW_DRIVER } from '../model/driver-form';

/** Add (driver null) or edit a driver in a drawer; full width on a phone. */
export function DriverFormDrawer({
  open,
  driver,
  onClose,
}: {
  open: boolean;
  driver: DriverRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('drivers');
  const save = driverWrites.useSave();
  return (
    <FormDrawer
      open={open}
      record={driver}
      onClose={onClose}
      size="min(480px, 100vw)"
      title={driver ? t('editTitle', { name: driver.name }) : t('addTitle')}
      testId="driver"
      fields={DRIVER_FORM_FIELDS}
      values={(d) => (d ? driverFormValues(d) : NEW_DRIVER)}
      check={checkDriverForm}
      save={(input, on) => save.mutate({ id: driver?.pengemudiId ?? null, input }, on)}
      saving={save.isPending}
    >
      <Form.Item name="name" label={t('fields.name')} required>
        <Input maxLength={100} data-testid="field-name" />
      </Form.Item>
      <Form.Item name="employeeNumber" label={t('fields.employeeNumber')} required>
        <Input maxLength={30} data-testid="field-employeeNumber" />
      </Form.Item>
      <Form.Item name="phone" label={t('fields.phone')} extra={t('hints.phone')}>
        <Input maxLength={20} inputMode="tel" data-testid="field-phone" />
      </Form.Item>
      <Form.Item name="simClass" label={t('fields.simClass')} required>
        <Select data-testid="field-simClass" options={SIM_CLASSES.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item
        name="simExpiry"
        label={t('fields.simExpiry')}
        getValueProps={(value: string | null | undefined) => ({ value: value ? dayjs(value) : null })}
        normalize={(value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
      >
        <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} data-testid="field-simExpiry" />
      </Form.Item>
      <Form.Item name="aktif" label={t('fields.aktif')} valuePropName="checked">
        <Switch data-testid="field-aktif" />
      </Form.Item>
      {driver && (
        <Form.Item label={t('fields.vehicles')} extra={t('hints.vehicles')}>
          {driver.vehicles.length
            ? driver.vehicles.map((v) => <Tag key={v.kendaraanId}>{v.nomorPolisi}</Tag>)
            : '—'}
        </Form.Item>
      )}
    </FormDrawer>
  );
}
