import { fleetInput, type FleetRow } from '@pantau/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, useModalForm } from '../../../components/management/form-modal';
import { useSaveFleet } from '../api/fleet-mutations';
import { useApp } from '../../../lib/feedback';

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
  const { message } = useApp();
  const save = useSaveFleet();
  const modal = useModalForm({
    fields: ['fleetName'],
    check: (values: { fleetName: string }) => fleetInput.safeParse(values),
    save: (input) => save.mutateAsync({ fleetId: fleet?.fleetId ?? null, input }),
    done: (saved) => {
      void message.success(t(fleet ? 'form.renamed' : 'form.created', { name: saved.fleetName }));
      onClose();
    },
  });

  return (
    <FormModal
      {...modal}
      open={open}
      title={t(fleet ? 'form.renameTitle' : 'form.addTitle')}
      onClose={onClose}
      saving={save.isPending}
      testId="fleet-name"
      initialValues={{ fleetName: fleet?.fleetName ?? '' }}
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
    </FormModal>
  );
}
