import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { UnlockRequest } from '@pantau/contracts';
import { Alert, Avatar, Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCKED_FROM_KEY, LOCKED_KEY } from '../../../lib/session';
import { useSignOut } from '../../../lib/use-sign-out';
import { useUnlock } from '../api/auth-mutations';
import { useMe } from '../api/get-me';
import { AuthCard } from '../components/auth-card';
import { useServerErrors } from '../components/use-server-errors';

/** Shown after 15 minutes without input; the sessionStorage flag `locked` keeps the user here. */
export function LockScreenPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const me = useMe();
  const signOut = useSignOut();
  const [form] = Form.useForm<UnlockRequest>();
  const unlock = useUnlock();
  const { formError, showError, clearError } = useServerErrors(form);

  const onFinish = (values: UnlockRequest) => {
    clearError();
    unlock.mutate(values, {
      onSuccess: () => {
        const from = sessionStorage.getItem(LOCKED_FROM_KEY) || '/';
        sessionStorage.removeItem(LOCKED_KEY);
        sessionStorage.removeItem(LOCKED_FROM_KEY);
        void navigate(from.startsWith('/') && from !== '/lockscreen' ? from : '/', { replace: true });
      },
      onError: (error) => {
        form.resetFields();
        showError(error);
      },
    });
  };

  return (
    <AuthCard
      title={t('lock.title')}
      subtitle={t('lock.subtitle')}
      footer={
        <Button type="link" onClick={() => void signOut()}>
          {t('lock.otherUser')}
        </Button>
      }
    >
      <Flex vertical align="center" gap={4} style={{ marginBottom: 16 }}>
        <Avatar size={56} icon={<UserOutlined />} style={{ background: '#1d4ed8' }} />
        <Typography.Text strong>{me.data?.displayName ?? '…'}</Typography.Text>
        <Typography.Text type="secondary">{me.data?.username}</Typography.Text>
      </Flex>
      {formError && (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} role="alert" />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        disabled={unlock.isPending}
      >
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={[{ required: true, message: t('rules.passwordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={unlock.isPending}>
          {t('lock.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
