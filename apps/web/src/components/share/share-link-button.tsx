import { ShareAltOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredRole } from '../../lib/role-storage';
import { ShareLinkDialog } from './share-link-dialog';

/** "Share live location": opens the share dialog of a vehicle; renders nothing unless the role is Administrator. */
export function ShareLinkButton({
  kendaraanId,
  nomorPolisi,
  ...button
}: { kendaraanId: number; nomorPolisi: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('share');
  const [open, setOpen] = useState(false);
  if (getStoredRole()?.roleUser !== 'Administrator') return null;
  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)} data-testid="share-open" {...button}>
        {t('button')}
      </Button>
      <ShareLinkDialog
        kendaraanId={kendaraanId}
        nomorPolisi={nomorPolisi}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
