import { WORK_ORDER_KINDS, workOrderKindLabelsInput, type WorkOrderKindLabel } from '@pantau/contracts';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { validationMessage } from '../../../lib/validation-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useSaveWorkOrderKinds, useWorkOrderKinds } from '../api/work-order-kinds';
import { useApp } from '../../../lib/feedback';

/** The Administrator renames the unit's two SPK kinds (their meaning is the operator's). */
export function KindLabelsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('workOrders');
  const { message } = useApp();
  const unitId = getStoredRole()?.roleUnit;
  const kinds = useWorkOrderKinds(unitId);
  const save = useSaveWorkOrderKinds(unitId);
  const [form] = Form.useForm<{ results: WorkOrderKindLabel[] }>();
  const { t: te } = useTranslation('errors');
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      results: WORK_ORDER_KINDS.map(
        (kind) =>
          kinds.data?.results.find((k) => k.kind === kind) ?? {
            kind,
            label: kind.toUpperCase(),
            description: null,
          },
      ),
    });
    // When the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, kinds.data]);

  const submit = async () => {
    setFormError(null);
    await form.validateFields();
    const checked = workOrderKindLabelsInput.safeParse(form.getFieldsValue(true));
    if (!checked.success) {
      setFormError(checked.error.issues.map((i) => validationMessage(i.message)).join(' '));
      return;
    }
    save.mutate(checked.data.results, {
      onSuccess: () => {
        void message.success(t('kinds.saved'));
        onClose();
      },
      onError: (e) =>
        setFormError(
          [
            errorMessage(te, e),
            ...(isApiError(e) ? (e.errors ?? []).map((x) => validationMessage(x.message)) : []),
          ].join(' '),
        ),
    });
  };

  return (
    <Modal
      open={open}
      title={t('kinds.title')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      okButtonProps={{ ...{ 'data-testid': 'spk-kinds-save' } }}
      destroyOnHidden
      data-testid="spk-kinds-dialog"
    >
      <Typography.Paragraph type="secondary">{t('kinds.help')}</Typography.Paragraph>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical">
        {WORK_ORDER_KINDS.map((kind, i) => (
          <div key={kind}>
            <Typography.Text strong>{kind.toUpperCase()}</Typography.Text>
            <Form.Item
              name={['results', i, 'label']}
              label={t('kinds.label')}
              rules={[{ required: true, whitespace: true, message: validationMessage('Label is required') }]}
            >
              <Input maxLength={40} data-testid={`spk-kind-label-${kind}`} />
            </Form.Item>
            <Form.Item name={['results', i, 'description']} label={t('kinds.description')}>
              <Input maxLength={200} data-testid={`spk-kind-description-${kind}`} />
            </Form.Item>
          </div>
        ))}
      </Form>
    </Modal>
  );
}
