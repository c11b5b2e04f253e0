import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/brand-mark';
import { LanguageSwitch } from '../../../components/language-switch';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The centred card every page outside the shell uses (sign-in, sign-up, forgot, lock screen). A plain box
 * styled as antd's bordered `Card` (styles.css), not the `Card`, which brings antd's tabs and menus with it
 * (~17 kB compressed of the sign-in page's download).
 */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Flex className="auth-page" vertical align="center" justify="center">
      <div className="auth-card">
        <div className="auth-card-body">
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
            <Flex align="center" gap={8}>
              <BrandMark size={28} />
              <Typography.Text strong style={{ fontSize: 18 }}>
                {t('appName')}
              </Typography.Text>
            </Flex>
            <LanguageSwitch />
          </Flex>
          <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
              {subtitle}
            </Typography.Paragraph>
          )}
          {children}
          {footer && <div className="auth-card-footer">{footer}</div>}
        </div>
      </div>
    </Flex>
  );
}
