import { newUserInput, roleName, userCreateInput, type RoleName } from '@pantau/contracts';
import { Form, Input, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useModalForm } from '../../../components/management/form-modal';
import { useCreateUser } from '../api/user-mutations';
import { useApp } from '../../../lib/feedback';

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
  const { message } = useApp();
  const [mode, setMode] = useState<Mode>('new');
  const create = useCreateUser();
  const modal = useModalForm({
    fields: ['username', 'displayName', 'email', 'password', 'role'],
    check: (values: Values) =>
      mode === 'new'
        ? newUserInput.safeParse({
            username: values.username,
            ...(values.displayName?.trim() ? { displayName: values.displayName } : {}),
            email: values.email,
            password: values.password,
            role: values.role,
          })
        : userCreateInput.safeParse({ username: values.username, role: values.role }),
    save: async (input) => ({ user: await create.mutateAsync(input), role: input.role }),
    done: ({ user, role }) => {
      const text = t(mode === 'new' ? 'add.created' : 'add.added', {
        name: user.username,
        role: tc(`roles.${role}`),
      });
      void message.success(text);
      onClose();
    },
  });

  return (
    <FormModal
      {...modal}
      open={open}
      title={t('add.title')}
      onClose={onClose}
      okText={t('actions.add')}
      saving={create.isPending}
      testId="add-user"
      afterOpenChange={(visible) => !visible && setMode('new')}
      initialValues={{ role: 'User' }}
      intro={
        <>
          <Segmented<Mode>
            block
            value={mode}
            onChange={(m) => {
              setMode(m);
              modal.clearFormError();
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
        </>
      }
    >
      <Form.Item name="username" label={t(mode === 'new' ? 'add.username' : 'add.usernameOrEmail')} required>
        <Input autoComplete="off" maxLength={254} data-testid="add-user-username" />
      </Form.Item>
      {mode === 'new' && (
        <>
          <Form.Item name="displayName" label={t('add.displayName')}>
            <Input maxLength={100} data-testid="add-user-name" />
          </Form.Item>
          <Form.Item name="email" label={t('add.email')} required>
            <Input type="email" autoComplete="off" maxLength={254} data-testid="add-user-email" />
          </Form.Item>
          <Form.Item name="password" label={t('add.password')} required extra={t('add.passwordHint')}>
            <Input.Password autoComplete="new-password" maxLength={128} data-testid="add-user-password" />
          </Form.Item>
        </>
      )}
      <Form.Item name="role" label={t('add.role')} required>
        <Select
          data-testid="add-user-role"
          options={roleName.options.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
        />
      </Form.Item>
    </FormModal>
  );
}
