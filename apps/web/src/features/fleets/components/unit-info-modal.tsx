import { TIME_ZONES, unitInfoInput, type UnitInfo } from '@pantau/contracts';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/management/use-form-errors';
import { useUpdateUnitInfo } from '../api/get-unit-info';

const FIELDS = ['unitName', 'address', 'phone', 'timeZone'] as const;
interface Values {
  unitName: string;
  address: string;
  phone: string;
  timeZone: string;
}

/** Edits the unit's name, address, phone and time zone; server field errors land on their fields. */
export function UnitInfoModal({
  unit,
  open,
  onClose,
}: {
  unit: UnitInfo;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleets');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useUpdateUnitInfo();
  const errors = useFormErrors(form, FIELDS);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    errors.clearFormError();
    const parsed = unitInfoInput.safeParse(values);
    if (!parsed.success) return errors.showInvalid(parsed.error);
    try {
      await save.mutateAsync(parsed.data);
      void message.success(t('unit.saved'));
      onClose();
    } catch (error) {
      errors.showServerError(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('unit.editTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'unit-info-save' } }}
    >
      {errors.formError && (
        <Alert type="error" showIcon title={errors.formError} style={{ marginBottom: 12 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        data-testid="unit-info-form"
        initialValues={{
          unitName: unit.unitName,
          address: unit.address ?? '',
          phone: unit.phone ?? '',
          timeZone: unit.timeZone,
        }}
      >
        <Form.Item name="unitName" label={t('unit.unitName')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} data-testid="unit-info-name" />
        </Form.Item>
        <Form.Item name="address" label={t('unit.address')}>
          <Input.TextArea rows={2} maxLength={300} placeholder={t('unit.addressPlaceholder')} />
        </Form.Item>
        <Form.Item name="phone" label={t('unit.phone')}>
          <Input maxLength={30} placeholder={t('unit.phonePlaceholder')} inputMode="tel" />
        </Form.Item>
        <Form.Item name="timeZone" label={t('unit.timeZone')}>
          <Select options={TIME_ZONES.map((z) => ({ value: z, label: t(`unit.timeZones.${z}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
