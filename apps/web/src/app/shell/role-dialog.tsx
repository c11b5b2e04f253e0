import { CheckCircleFilled, TeamOutlined } from '@ant-design/icons';
import type { RoleName, UserGroup } from '@pantau/contracts';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredRole } from '../../lib/role-storage';

export interface RoleDialogProps {
  open: boolean;
  /** The user's groups; undefined while loading. */
  groups: UserGroup[] | undefined;
  /** The role stored now: Cancel shows only when there is one (S-015). */
  currentRole: StoredRole | null;
  displayName?: string;
  onOk: (group: UserGroup) => void;
  onCancel: () => void;
  onLogout: () => void;
}

const groupKey = (g: UserGroup) => `${g.unitId}:${g.role}`;

/** Choose Role (spec §2, S-014…S-018): cards of role + unit, full-width Cancel/Logout and OK. */
export function RoleDialog({
  open,
  groups,
  currentRole,
  displayName,
  onOk,
  onCancel,
  onLogout,
}: RoleDialogProps) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  const chosen = groups?.find((g) => groupKey(g) === selected);
  const hasRole = currentRole !== null;
  const isCurrent = (g: UserGroup) => currentRole?.roleUnit === g.unitId && currentRole.roleUser === g.role;

  return (
    <Modal
      open={open}
      title={t('role.title')}
      closable={hasRole}
      mask={{ closable: hasRole }}
      keyboard={hasRole}
      onCancel={() => hasRole && onCancel()}
      width={440}
      footer={
        <Flex vertical gap={8}>
          <Button
            type="primary"
            block
            size="large"
            disabled={!chosen}
            onClick={() => chosen && onOk(chosen)}
            data-testid="role-ok"
          >
            {tc('actions.ok')}
          </Button>
          {hasRole ? (
            <Button block size="large" onClick={onCancel} data-testid="role-cancel">
              {tc('actions.cancel')}
            </Button>
          ) : (
            <Button block size="large" danger onClick={onLogout} data-testid="role-logout">
              {tc('actions.logout')}
            </Button>
          )}
        </Flex>
      }
      data-testid="role-dialog"
    >
      {displayName && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {t('role.signedInAs', { name: displayName })}
        </Typography.Paragraph>
      )}
      {!groups && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {groups && groups.length === 0 && (
        <Alert type="warning" showIcon title={t('role.none')} data-testid="no-role" />
      )}
      {groups && groups.length > 0 && (
        <>
          <Typography.Paragraph>{t('role.intro')}</Typography.Paragraph>
          <div className="role-cards" role="radiogroup" aria-label={t('role.title')}>
            {groups.map((g) => {
              const key = groupKey(g);
              const active = key === selected;
              return (
                <button
                  type="button"
                  key={key}
                  role="radio"
                  aria-checked={active}
                  className={`role-card${active ? ' role-card-selected' : ''}`}
                  data-testid="role-card"
                  onClick={() => setSelected(key)}
                >
                  <TeamOutlined className="role-card-icon" />
                  <span className="role-card-text">
                    <span className="role-card-role">
                      {tc(`roles.${g.role as RoleName}`, { defaultValue: g.role })}
                    </span>
                    <span className="role-card-fleet">
                      {t('role.fleet')}: {g.unitName}
                    </span>
                  </span>
                  {isCurrent(g) && <span className="role-card-current">{t('role.current')}</span>}
                  {active && <CheckCircleFilled className="role-card-check" />}
                </button>
              );
            })}
          </div>
        </>
      )}
    </Modal>
  );
}
