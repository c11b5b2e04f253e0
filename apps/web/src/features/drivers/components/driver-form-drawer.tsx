import { SIM_CLASSES, type DriverRow } from '@pantau/contracts';
import { Alert, App, Button, DatePicker, Drawer, Form, Input, Select, Space, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/management/use-form-errors';
import { useSaveDriver } from '../api/driver-mutations';
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
  const { t: tm } = useTranslation('management');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveDriver();
  const { formError, showServerError, showInvalid, clearFormError } = useFormErrors(form, DRIVER_FORM_FIELDS);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(driver ? driverFormValues(driver) : NEW_DRIVER);
    clearFormError();
    // Only when the drawer opens for a driver.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, driver]);

  const submit = () => {
    clearFormError();
    const checked = checkDriverForm(form.getFieldsValue(true));
    if (!checked.success) {
      showInvalid(checked.error);
      return;
    }
    save.mutate(
      { pengemudiId: driver?.pengemudiId ?? null, input: checked.data },
      {
        onSuccess: () => {
          void message.success(driver ? tm('form.updated') : tm('form.created'));
          onClose();
        },
        onError: showServerError,
      },
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="min(480px, 100vw)"
      title={driver ? t('editTitle', { name: driver.name }) : t('addTitle')}
      destroyOnHidden
      data-testid="driver-drawer"
      extra={
        <Space>
          <Button onClick={onClose} data-testid="driver-cancel">
            {tm('actions.cancel')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={submit} data-testid="driver-save">
            {tm('actions.save')}
          </Button>
        </Space>
      }
    >
      {formError && (
        <Alert
          type="error"
          showIcon
          title={formError}
          style={{ marginBottom: 16 }}
          data-testid="form-error"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed: Record<string, unknown>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
        data-testid="driver-form"
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
      </Form>
    </Drawer>
  );
}
