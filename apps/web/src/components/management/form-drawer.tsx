import { Alert, Button, Drawer, Form, Space } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFormErrors } from './use-form-errors';
import { useApp } from '../../lib/feedback';

type Checked<I> = { success: true; data: I } | { success: false; error: z.ZodError };

/**
 * A drawer that adds (record null) or edits a record: Cancel and Save, the form's own error above it,
 * each field's error on the field. Save checks the form with the contract first (`check`), then sends
 * it (`save`) and closes on success. Full width on a phone. Test ids: `<testId>-drawer`, `-cancel`,
 * `-save`, `-form`, and `form-error`.
 */
export function FormDrawer<R, V, I>({
  open,
  record,
  onClose,
  size,
  title,
  testId,
  fields,
  values,
  check,
  save,
  saving,
  children,
}: {
  open: boolean;
  record: R | null;
  onClose: () => void;
  size: string;
  title: string;
  testId: string;
  /** Every field of the form, in the contract's names (server errors name these). */
  fields: readonly string[];
  /** The form's values when the drawer opens for `record`. */
  values: (record: R | null) => V;
  check: (values: V) => Checked<I>;
  save: (input: I, on: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  saving: boolean;
  children: ReactNode;
}) {
  const { t: tm } = useTranslation('management');
  const { message } = useApp();
  const [form] = Form.useForm();
  const { formError, showServerError, showInvalid, clearFormError } = useFormErrors(form, fields);

  // The form's own error shows above the fields: bring it into view when the drawer is scrolled down.
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError) alertRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [formError]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(values(record));
    clearFormError();
    // Only when the drawer opens for a record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record]);

  const submit = () => {
    clearFormError();
    const checked = check(form.getFieldsValue(true) as V);
    if (!checked.success) {
      showInvalid(checked.error);
      return;
    }
    save(checked.data, {
      onSuccess: () => {
        void message.success(record ? tm('form.updated') : tm('form.created'));
        onClose();
      },
      onError: showServerError,
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={size}
      title={title}
      destroyOnHidden
      data-testid={`${testId}-drawer`}
      extra={
        <Space>
          <Button onClick={onClose} data-testid={`${testId}-cancel`}>
            {tm('actions.cancel')}
          </Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid={`${testId}-save`}>
            {tm('actions.save')}
          </Button>
        </Space>
      }
    >
      <div ref={alertRef}>
        {formError && (
          <Alert
            type="error"
            showIcon
            title={formError}
            style={{ marginBottom: 16 }}
            data-testid="form-error"
          />
        )}
      </div>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed: Record<string, unknown>) =>
          // A corrected field loses its old server message.
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
        data-testid={`${testId}-form`}
      >
        {children}
      </Form>
    </Drawer>
  );
}
