import {
  INCIDENT_KINDS,
  MAINTENANCE_KINDS,
  incidentInput,
  maintenanceInput,
  pretripCheckInput,
  type IncidentInput,
  type IncidentRow,
  type MaintenanceInput,
  type MaintenanceRow,
  type PretripCheckRow,
} from '@pantau/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormModal, useModalForm } from '../../../components/management/form-modal';
import { checkRecords, incidentRecords, maintenanceRecords } from '../api/vehicle-records';
import { closedInput, passedInput } from '../model/record-inputs';
import { DateTimeItem } from './date-time-item';
import { useApp } from '../../../lib/feedback';

export type RecordSection = 'maintenance' | 'incidents' | 'p2h';

/** A maintenance order's or an incident's contract. */
const openCloseInput = (section: 'maintenance' | 'incidents'): z.ZodType<MaintenanceInput | IncidentInput> =>
  section === 'maintenance' ? maintenanceInput : incidentInput;

const OPEN_CLOSE_FIELDS = ['kendaraanId', 'kind', 'openedAt', 'closedAt', 'notes'] as const;
const CHECK_FIELDS = ['kendaraanId', 'pengemudiId', 'startedAt', 'passedAt', 'defects', 'notes'] as const;

interface AddProps {
  kendaraanId: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** A new maintenance order or incident: kind, opened (now by default), closed if it is over, notes. */
export function AddOpenCloseModal({
  section,
  ...props
}: AddProps & { section: 'maintenance' | 'incidents' }) {
  const { t } = useTranslation('vehicleHealth');
  const { message } = useApp();
  const maintenance = maintenanceRecords.useSave();
  const incidents = incidentRecords.useSave();
  const save = section === 'maintenance' ? maintenance : incidents;
  // The two kinds share the form; each saves with its own contract and endpoint.
  const modal = useModalForm<Record<string, unknown>, unknown, unknown>({
    fields: OPEN_CLOSE_FIELDS,
    check: (values: Record<string, unknown>) =>
      openCloseInput(section).safeParse({ ...values, kendaraanId: props.kendaraanId }),
    save: (input) => save.mutateAsync({ id: null, input: input as never }),
    done: () => {
      void message.success(t('actions.saved'));
      props.onSaved();
      props.onClose();
    },
  });
  const kinds: { value: string; label: string }[] =
    section === 'maintenance'
      ? MAINTENANCE_KINDS.map((k) => ({ value: k, label: t(`maintenanceKinds.${k}`) }))
      : INCIDENT_KINDS.map((k) => ({ value: k, label: t(`incidentKinds.${k}`) }));
  return (
    <FormModal
      open={props.open}
      title={t(section === 'maintenance' ? 'form.addMaintenance' : 'form.addIncident')}
      onClose={props.onClose}
      {...modal}
      saving={save.isPending}
      testId="record"
      initialValues={{ openedAt: new Date().toISOString(), closedAt: null }}
    >
      <Form.Item name="kind" label={t('form.kind')} required>
        <Select options={kinds} data-testid="record-kind" />
      </Form.Item>
      <DateTimeItem name="openedAt" label={t('form.openedAt')} required />
      <DateTimeItem name="closedAt" label={t('form.closedAt')} help={t('form.closedAtHelp')} />
      <Form.Item name="notes" label={t('form.notes')}>
        <Input.TextArea rows={2} maxLength={500} data-testid="record-notes" />
      </Form.Item>
    </FormModal>
  );
}

/** A new pre-trip check: started (now by default), defects, passed if it did, notes. */
export function AddCheckModal(props: AddProps) {
  const { t } = useTranslation('vehicleHealth');
  const { message } = useApp();
  const save = checkRecords.useSave();
  const modal = useModalForm({
    fields: CHECK_FIELDS,
    check: (values: Record<string, unknown>) =>
      pretripCheckInput.safeParse({ ...values, kendaraanId: props.kendaraanId }),
    save: (input) => save.mutateAsync({ id: null, input }),
    done: () => {
      void message.success(t('actions.saved'));
      props.onSaved();
      props.onClose();
    },
  });
  return (
    <FormModal
      open={props.open}
      title={t('form.addCheck')}
      onClose={props.onClose}
      {...modal}
      saving={save.isPending}
      testId="record"
      initialValues={{ startedAt: new Date().toISOString(), passedAt: null, defects: [] }}
    >
      <DateTimeItem name="startedAt" label={t('form.startedAt')} required />
      <Form.Item name="defects" label={t('form.defects')} extra={t('form.defectsHelp')}>
        <Select mode="tags" open={false} suffixIcon={null} data-testid="record-defects" />
      </Form.Item>
      <DateTimeItem name="passedAt" label={t('form.passedAt')} help={t('form.passedAtHelp')} />
      <Form.Item name="notes" label={t('form.notes')}>
        <Input.TextArea rows={2} maxLength={500} data-testid="record-notes" />
      </Form.Item>
    </FormModal>
  );
}

type Closing =
  | { section: 'maintenance'; row: MaintenanceRow }
  | { section: 'incidents'; row: IncidentRow }
  | { section: 'p2h'; row: PretripCheckRow };

/** Closes a maintenance order or an incident, or passes a check, at a time (now by default). */
export function CloseRecordModal({
  closing,
  onClose,
  onSaved,
}: {
  closing: Closing;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('vehicleHealth');
  const { message } = useApp();
  const maintenance = maintenanceRecords.useSave();
  const incidents = incidentRecords.useSave();
  const checks = checkRecords.useSave();
  const field = closing.section === 'p2h' ? 'passedAt' : 'closedAt';
  const modal = useModalForm<{ closedAt?: string | null; passedAt?: string | null }, unknown, unknown>({
    fields: closing.section === 'p2h' ? CHECK_FIELDS : OPEN_CLOSE_FIELDS,
    check: (values: { closedAt?: string | null; passedAt?: string | null }) => {
      const at = values[field] ?? null;
      if (closing.section === 'p2h') return pretripCheckInput.safeParse(passedInput(closing.row, at));
      return openCloseInput(closing.section).safeParse(closedInput(closing.row, at));
    },
    save: (input) => {
      if (closing.section === 'p2h')
        return checks.mutateAsync({ id: closing.row.checkId, input: input as never });
      if (closing.section === 'maintenance')
        return maintenance.mutateAsync({ id: closing.row.maintenanceId, input: input as never });
      return incidents.mutateAsync({ id: closing.row.incidentId, input: input as never });
    },
    done: () => {
      void message.success(t('actions.saved'));
      onSaved();
      onClose();
    },
  });
  return (
    <FormModal
      open
      title={t(closing.section === 'p2h' ? 'form.pass' : 'form.close')}
      onClose={onClose}
      {...modal}
      saving={maintenance.isPending || incidents.isPending || checks.isPending}
      testId="record-close"
      initialValues={{ [field]: new Date().toISOString() }}
      okText={t(closing.section === 'p2h' ? 'actions.pass' : 'actions.close')}
    >
      <DateTimeItem
        name={field}
        label={t(closing.section === 'p2h' ? 'form.passedAt' : 'form.closedAt')}
        required
      />
    </FormModal>
  );
}
export type { Closing };
