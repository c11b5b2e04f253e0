import type { WorkOrderDetail, WorkOrderKind } from '@pantau/contracts';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/management/form-drawer';
import { getStoredRole } from '../../../lib/role-storage';
import { validationMessage } from '../../../lib/validation-message';
import { useWorkOrder } from '../api/get-work-order';
import { useSaveWorkOrder } from '../api/work-order-mutations';
import {
  checkWorkOrderForm,
  newWorkOrder,
  WORK_ORDER_FORM_FIELDS,
  workOrderFormValues,
} from '../model/work-order-form';
import { WorkOrderFormFields } from './work-order-form-fields';
import { useApp } from '../../../lib/feedback';

/**
 * Create (spkId null) or edit an SPK in a drawer; full width on a phone. The server's 400 and 409
 * land under their fields; what it allowed with a warning (papers or a licence due soon) shows after.
 */
export function WorkOrderFormDrawer({
  open,
  kind,
  spkId,
  onClose,
}: {
  open: boolean;
  kind: WorkOrderKind;
  spkId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('workOrders');
  const { notification } = useApp();
  const unitId = getStoredRole()?.roleUnit;
  const existing = useWorkOrder(unitId, open ? spkId : null);
  const record: WorkOrderDetail | null = spkId === null ? null : (existing.data ?? null);
  const save = useSaveWorkOrder();
  return (
    <FormDrawer
      // An SPK to edit opens once it is read.
      open={open && (spkId === null || record !== null)}
      record={record}
      onClose={onClose}
      size="min(680px, 100vw)"
      title={record ? t('form.editTitle', { spk: record.spkNumber }) : t('form.addTitle')}
      testId="spk-editor"
      fields={WORK_ORDER_FORM_FIELDS}
      values={(r) => (r ? workOrderFormValues(r) : newWorkOrder(kind))}
      check={checkWorkOrderForm}
      save={(input, on) =>
        save.mutate(
          { spkId, input },
          {
            onSuccess: (saved) => {
              on.onSuccess();
              if (saved.warnings.length)
                notification.warning({
                  title: t('form.warnings'),
                  description: (
                    <ul className="spk-warnings" data-testid="spk-warnings">
                      {saved.warnings.map((w) => (
                        <li key={`${w.path}-${w.message}`}>{validationMessage(w.message)}</li>
                      ))}
                    </ul>
                  ),
                  duration: 0,
                });
            },
            onError: on.onError,
          },
        )
      }
      saving={save.isPending}
    >
      <WorkOrderFormFields unitId={unitId} open={open} />
    </FormDrawer>
  );
}
