import { HistoryOutlined, LinkOutlined } from '@ant-design/icons';
import { SHARE_DEFAULT_HOURS, type ShareLinkCreated, type ShareLinkRow } from '@pantau/contracts';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditDrawer } from '../../../components/audit/audit-drawer';
import type { ShareLinkDialogProps } from '../../../components/share/share-link-dialog';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';
import './share.css';
import { useApp } from '../../../lib/feedback';

/** Expiry choices, hours: 1 h, 8 h, 24 h (default), 3 days, 7 days. */
const SHARE_EXPIRY_HOURS = [1, 8, 24, 72, 168] as const;
const STATUS_COLOURS: Record<ShareLinkRow['status'], string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
};

const SHARE_FIELDS = ['kendaraanId', 'expiresAt', 'note', 'revokedAt'] as const;
const isShareField = (field: string): field is (typeof SHARE_FIELDS)[number] =>
  (SHARE_FIELDS as readonly string[]).includes(field);

/**
 * Share a vehicle's live location (Administrator): create a link with an expiry and a note, copy it
 * (shown only once: the server keeps only its hash), and see or revoke the vehicle's links.
 */
export function ShareLinkDialog({ kendaraanId, nomorPolisi, open, onClose }: ShareLinkDialogProps) {
  const { t } = useTranslation('share');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const [form] = Form.useForm<{ expiresInHours: number; note?: string }>();
  const [created, setCreated] = useState<ShareLinkCreated | null>(null);
  const [history, setHistory] = useState(false);
  const links = useShareLinks(kendaraanId, open);
  const create = useCreateShareLink(kendaraanId);
  const revoke = useRevokeShareLink(kendaraanId);

  const onFinish = (values: { expiresInHours: number; note?: string }) => {
    create.mutate(
      { kendaraanId, expiresInHours: values.expiresInHours, note: values.note?.trim() || null },
      {
        onSuccess: (link) => {
          setCreated(link);
          form.resetFields();
        },
      },
    );
  };

  const onRevoke = (link: ShareLinkRow) =>
    revoke.mutate(link.shareLinkId, {
      onSuccess: () => {
        if (created?.shareLinkId === link.shareLinkId) setCreated(null);
        void message.success(t('dialog.revoked'));
      },
      onError: (error) => void message.error(errorMessage(te, error)),
    });

  const when = (link: ShareLinkRow) =>
    link.status === 'revoked'
      ? t('dialog.revokedAt', { at: formatDateTime(link.revokedAt) })
      : link.status === 'expired'
        ? t('dialog.expiredAt', { at: formatDateTime(link.expiresAt) })
        : t('dialog.validUntil', { at: formatDateTime(link.expiresAt) });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('dialog.title', { plate: nomorPolisi })}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="share-history">
            {tc('audit.title')}
          </Button>
          <Button onClick={onClose}>{tc('actions.close')}</Button>
        </Flex>
      }
      afterClose={() => {
        setCreated(null);
        create.reset();
      }}
      destroyOnHidden
      width={560}
      data-testid="share-dialog"
    >
      <Typography.Paragraph type="secondary">{t('dialog.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ expiresInHours: SHARE_DEFAULT_HOURS }}
        onFinish={onFinish}
        disabled={create.isPending}
        className="share-form"
      >
        <Flex gap={12} wrap align="end">
          <Form.Item name="expiresInHours" label={t('dialog.expiry')} className="share-form-expiry">
            <Select
              data-testid="share-expiry"
              options={SHARE_EXPIRY_HOURS.map((hours) => ({ value: hours, label: t(`expiry.h${hours}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('dialog.note')}
            className="share-form-note"
            rules={[{ max: 100, message: t('dialog.noteTooLong') }]}
          >
            <Input placeholder={t('dialog.notePlaceholder')} maxLength={100} data-testid="share-note" />
          </Form.Item>
        </Flex>
        <Button
          type="primary"
          htmlType="submit"
          icon={<LinkOutlined />}
          loading={create.isPending}
          data-testid="share-create"
        >
          {t('dialog.create')}
        </Button>
      </Form>
      {create.isError && (
        <Alert type="error" showIcon title={errorMessage(te, create.error)} style={{ marginTop: 12 }} />
      )}
      {created && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 16 }}
          title={t('dialog.created')}
          description={
            <>
              <Typography.Paragraph
                className="share-url"
                copyable={{ text: created.url, tooltips: [t('dialog.copy'), t('dialog.copied')] }}
                data-testid="share-url"
              >
                {created.url}
              </Typography.Paragraph>
              <Typography.Text type="secondary">{t('dialog.onlyOnce')}</Typography.Text>
            </>
          }
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('dialog.links')}
      </Typography.Title>
      {links.isPending && <Spin />}
      {links.isError && <Alert type="error" showIcon title={errorMessage(te, links.error)} />}
      {links.data && links.data.results.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dialog.noLinks')} />
      )}
      {links.data && links.data.results.length > 0 && (
        <ul className="share-links" data-testid="share-links">
          {links.data.results.map((link) => (
            <li key={link.shareLinkId} className="share-link" data-testid="share-link-row">
              <Flex justify="space-between" align="center" gap={8} wrap>
                <span>
                  <Tag color={STATUS_COLOURS[link.status]} data-testid="share-link-status">
                    {t(`status.${link.status}`)}
                  </Tag>
                  <Typography.Text>{when(link)}</Typography.Text>
                </span>
                {link.status === 'active' && (
                  <Popconfirm
                    title={t('dialog.revokeConfirm')}
                    okText={t('dialog.revoke')}
                    cancelText={tc('actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => onRevoke(link)}
                  >
                    <Button
                      size="small"
                      danger
                      loading={revoke.isPending && revoke.variables === link.shareLinkId}
                      data-testid="share-revoke"
                    >
                      {t('dialog.revoke')}
                    </Button>
                  </Popconfirm>
                )}
              </Flex>
              <Typography.Text type="secondary" className="share-link-meta">
                {link.note ? `${link.note} · ` : ''}
                {t('dialog.createdBy', { who: link.createdBy ?? '—', at: formatDateTime(link.createdAt) })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <AuditDrawer
        entity="share_link"
        open={history}
        onClose={() => setHistory(false)}
        title={t('dialog.historyTitle')}
        fieldLabel={(field) => (isShareField(field) ? t(`dialog.fields.${field}`) : field)}
      />
    </Modal>
  );
}
