import { roleName, userCreateInput, type RoleName } from '@pantau/contracts';
import { Alert, App, Form, Input, Modal, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/management/use-form-errors';
import { useCreateUser } from '../api/user-mutations';

const FIELDS = ['username', 'displayName', 'email', 'password', 'role'] as const;
type Mode = 'new' | 'existing';
interface Values {
  username: string;
  displayName?: string;
  email?: string;
  password?: string;
  role: RoleName;
}

/** "Add user": a new account in this unit, or an existing user (by username or e-mail) given a role here. */
export function AddUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('new');
  const create = useCreateUser();
  const errors = useFormErrors(form, FIELDS);
  const required = { required: true, whitespace: true, message: t('add.required') };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    errors.clearFormError();
    const input =
      mode === 'new'
        ? {
            username: values.username,
            ...(values.displayName?.trim() ? { displayName: values.displayName } : {}),
            email: values.email?.trim(),
            password: values.password,
            role: values.role,
          }
        : { username: values.username, role: values.role };
    const parsed = userCreateInput.safeParse(input);
    if (!parsed.success) return errors.showInvalid(parsed.error);
    try {
      const user = await create.mutateAsync(parsed.data);
      const text = t(mode === 'new' ? 'add.created' : 'add.added', {
        name: user.username,
        role: tc(`roles.${parsed.data.role}`),
      });
      void message.success(text);
      onClose();
    } catch (error) {
      errors.showServerError(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('add.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.add')}
      cancelText={t('actions.cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => !visible && setMode('new')}
      okButtonProps={{ ...{ 'data-testid': 'add-user-save' } }}
    >
      <Segmented<Mode>
        block
        value={mode}
        onChange={(m) => {
          setMode(m);
          errors.clearFormError();
        }}
        options={[
          { value: 'new', label: <span data-testid="add-user-mode-new">{t('add.modeNew')}</span> },
          {
            value: 'existing',
            label: <span data-testid="add-user-mode-existing">{t('add.modeExisting')}</span>,
          },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Typography.Paragraph type="secondary">
        {t(mode === 'new' ? 'add.newHint' : 'add.existingHint')}
      </Typography.Paragraph>
      {errors.formError && (
        <Alert type="error" showIcon title={errors.formError} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} layout="vertical" initialValues={{ role: 'User' }} data-testid="add-user-form">
        <Form.Item
          name="username"
          label={t(mode === 'new' ? 'add.username' : 'add.usernameOrEmail')}
          rules={[required]}
        >
          <Input autoComplete="off" maxLength={254} data-testid="add-user-username" />
        </Form.Item>
        {mode === 'new' && (
          <>
            <Form.Item name="displayName" label={t('add.displayName')}>
              <Input maxLength={100} data-testid="add-user-name" />
            </Form.Item>
            <Form.Item name="email" label={t('add.email')} rules={[required]}>
              <Input type="email" autoComplete="off" maxLength={254} data-testid="add-user-email" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('add.password')}
              rules={[required]}
              extra={t('add.passwordHint')}
            >
              <Input.Password autoComplete="new-password" maxLength={128} data-testid="add-user-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="role" label={t('add.role')} rules={[{ required: true, message: t('add.required') }]}>
          <Select
            data-testid="add-user-role"
            options={roleName.options.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
