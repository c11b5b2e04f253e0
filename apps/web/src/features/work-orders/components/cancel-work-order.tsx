import type { WorkOrderDetail } from '@pantau/contracts';
import { Button, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useCancelWorkOrder } from '../api/work-order-mutations';
import { useApp } from '../../../lib/feedback';

/** Cancel an SPK, asking first, with an optional reason. */
export function CancelWorkOrderButton({ spk, icon }: { spk: WorkOrderDetail; icon: ReactNode }) {
  const { t } = useTranslation('workOrders');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const cancel = useCancelWorkOrder();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <>
      <Button danger icon={icon} onClick={() => setOpen(true)} data-testid="spk-cancel">
        {t('actions.cancel')}
      </Button>
      <Modal
        open={open}
        title={t('drawer.cancelTitle', { spk: spk.spkNumber })}
        okText={t('drawer.cancelConfirm')}
        okButtonProps={{
          danger: true,
          loading: cancel.isPending,
          ...{ 'data-testid': 'spk-cancel-confirm' },
        }}
        cancelText={t('drawer.keep')}
        onCancel={() => setOpen(false)}
        onOk={() =>
          cancel.mutate(
            { spkId: spk.spkId, reason: reason.trim() || null },
            {
              onSuccess: () => {
                void message.success(t('drawer.cancelled'));
                setOpen(false);
                setReason('');
              },
              onError: (e) => void message.error(errorMessage(te, e)),
            },
          )
        }
        destroyOnHidden
        data-testid="spk-cancel-dialog"
      >
        <Typography.Paragraph>{t('drawer.cancelBody')}</Typography.Paragraph>
        <Input.TextArea
          rows={2}
          maxLength={200}
          placeholder={t('drawer.cancelReason')}
          aria-label={t('drawer.cancelReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="spk-cancel-reason"
        />
      </Modal>
    </>
  );
}
