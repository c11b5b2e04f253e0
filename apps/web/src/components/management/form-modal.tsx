import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { scrollToFirstError, useFormErrors } from './use-form-errors';

type Checked<I> = { success: true; data: I } | { success: false; error: z.ZodError };

/**
 * The form of a modal: the antd form, its errors, and `submit`, which runs the form's own rules, then
 * the contract (`check`), then `save`; `done` gets what `save` answered (say so, close). A contract
 * error lands on its field, a server error on its field or in `formError` (FormModal shows it).
 */
export function useModalForm<V, I, R>({
  fields,
  check,
  save,
  done,
}: {
  /** Every field of the form, in the contract's names (server errors name these). */
  fields: readonly string[];
  check: (values: V) => Checked<I>;
  save: (input: I) => Promise<R>;
  done: (saved: R) => void;
}) {
  const [form] = Form.useForm<V>();
  const errors = useFormErrors(form, fields);
  const submit = async () => {
    const values = await form
      .validateFields()
      .catch((failed: { errorFields?: { name: (string | number)[] }[] }) => {
        scrollToFirstError(
          form,
          (failed.errorFields ?? []).map((f) => f.name.join('_')),
        );
        return null;
      });
    if (!values) return;
    errors.clearFormError();
    const checked = check(values);
    if (!checked.success) return errors.showInvalid(checked.error);
    try {
      done(await save(checked.data));
    } catch (error) {
      errors.showServerError(error);
    }
  };
  return { form, formError: errors.formError, clearFormError: errors.clearFormError, submit };
}

/**
 * A modal with one form: Cancel and Save (test id `<testId>-save`), the form's own error above the
 * fields, `intro` above that. Pairs with `useModalForm`.
 */
export function FormModal<V>({
  open,
  title,
  onClose,
  form,
  formError,
  submit,
  saving,
  testId,
  intro,
  initialValues,
  okText,
  afterOpenChange,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  form: FormInstance<V>;
  formError: string | null;
  submit: () => Promise<void>;
  saving: boolean;
  testId: string;
  intro?: ReactNode;
  initialValues?: Partial<V>;
  /** The confirm button's text (default Save). */
  okText?: string;
  afterOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('management');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={okText ?? t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      okButtonProps={{ ...{ 'data-testid': `${testId}-save` } }}
    >
      {intro}
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={() => void submit()}
        data-testid={`${testId}-form`}
      >
        {children}
      </Form>
    </Modal>
  );
}
