import { TIME_ZONES, unitInfoInput, type UnitInfo } from '@pantau/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, useModalForm } from '../../../components/management/form-modal';
import { useUpdateUnitInfo } from '../api/get-unit-info';
import { useApp } from '../../../lib/feedback';

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
  const { message } = useApp();
  const save = useUpdateUnitInfo();
  const modal = useModalForm({
    fields: ['unitName', 'address', 'phone', 'timeZone'],
    check: (values: Values) => unitInfoInput.safeParse(values),
    save: (input) => save.mutateAsync(input),
    done: () => {
      void message.success(t('unit.saved'));
      onClose();
    },
  });

  return (
    <FormModal
      {...modal}
      open={open}
      title={t('unit.editTitle')}
      onClose={onClose}
      saving={save.isPending}
      testId="unit-info"
      initialValues={{
        unitName: unit.unitName,
        address: unit.address ?? '',
        phone: unit.phone ?? '',
        timeZone: unit.timeZone,
      }}
    >
      <Form.Item name="unitName" label={t('unit.unitName')} required>
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
    </FormModal>
  );
}
