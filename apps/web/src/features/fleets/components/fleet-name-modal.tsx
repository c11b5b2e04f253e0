import { fleetInput, type FleetRow } from '@pantau/contracts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/management/use-form-errors';
import { useSaveFleet } from '../api/fleet-mutations';

const FIELDS = ['fleetName'] as const;

/** Adds a fleet (fleet null) or renames one; a taken name shows on the field. */
export function FleetNameModal({
  fleet,
  open,
  onClose,
}: {
  fleet: FleetRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleets');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ fleetName: string }>();
  const save = useSaveFleet();
  const errors = useFormErrors(form, FIELDS);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    errors.clearFormError();
    const parsed = fleetInput.safeParse(values);
    if (!parsed.success) return errors.showInvalid(parsed.error);
    try {
      const saved = await save.mutateAsync({ fleetId: fleet?.fleetId ?? null, input: parsed.data });
      void message.success(t(fleet ? 'form.renamed' : 'form.created', { name: saved.fleetName }));
      onClose();
    } catch (error) {
      errors.showServerError(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t(fleet ? 'form.renameTitle' : 'form.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'fleet-name-save' } }}
    >
      {errors.formError && (
        <Alert type="error" showIcon title={errors.formError} style={{ marginBottom: 12 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ fleetName: fleet?.fleetName ?? '' }}
        onFinish={() => void submit()}
        data-testid="fleet-name-form"
      >
        <Form.Item
          name="fleetName"
          label={t('form.fleetName')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }]}
        >
          <Input
            autoFocus
            maxLength={80}
            placeholder={t('form.fleetNamePlaceholder')}
            data-testid="fleet-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
