import type { VehicleRow } from '@pantau/contracts';
import { Alert, App, Button, Drawer, Form, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/management/use-form-errors';
import { getStoredRole } from '../../../lib/role-storage';
import { useBrands } from '../api/get-brands';
import { useDriverOptions } from '../api/get-driver-options';
import { useFleetOptions } from '../api/get-fleet-options';
import { useSaveVehicle } from '../api/vehicle-mutations';
import { checkVehicleForm, NEW_VEHICLE, VEHICLE_FORM_FIELDS, vehicleFormValues } from '../model/vehicle-form';
import { VehicleFormFields } from './vehicle-form-fields';

/** Add (vehicle null) or edit a vehicle in a drawer; full width on a phone. */
export function VehicleFormDrawer({
  open,
  vehicle,
  onClose,
}: {
  open: boolean;
  vehicle: VehicleRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('vehicles');
  const { t: tm } = useTranslation('management');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const unitId = getStoredRole()?.roleUnit;
  const brands = useBrands(unitId, open);
  const fleets = useFleetOptions(unitId, open);
  const drivers = useDriverOptions(unitId, open);
  const save = useSaveVehicle();
  const { formError, showServerError, showInvalid, clearFormError } = useFormErrors(
    form,
    VEHICLE_FORM_FIELDS,
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(vehicle ? vehicleFormValues(vehicle) : NEW_VEHICLE);
    clearFormError();
    // Only when the drawer opens for a vehicle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, vehicle]);

  const submit = () => {
    clearFormError();
    const checked = checkVehicleForm(form.getFieldsValue(true));
    if (!checked.success) {
      showInvalid(checked.error);
      return;
    }
    save.mutate(
      { kendaraanId: vehicle?.kendaraanId ?? null, input: checked.data },
      {
        onSuccess: () => {
          void message.success(vehicle ? tm('form.updated') : tm('form.created'));
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
      size="min(680px, 100vw)"
      title={vehicle ? t('editTitle', { plate: vehicle.nomorPolisi }) : t('addTitle')}
      destroyOnHidden
      data-testid="vehicle-drawer"
      extra={
        <Space>
          <Button onClick={onClose} data-testid="vehicle-cancel">
            {tm('actions.cancel')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={submit} data-testid="vehicle-save">
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
          // A corrected field loses its old server message.
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
        data-testid="vehicle-form"
      >
        <VehicleFormFields
          brands={brands.data?.results ?? []}
          fleets={fleets.data ?? []}
          drivers={drivers.data ?? []}
        />
      </Form>
    </Drawer>
  );
}
