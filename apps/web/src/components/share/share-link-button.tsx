import { ShareAltOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredRole } from '../../lib/role-storage';

// The dialog (its form, the link's history) loads when first opened: the pages with the button do not need it.
const ShareLinkDialog = lazy(() =>
  import('./share-link-dialog').then((m) => ({ default: m.ShareLinkDialog })),
);

/** "Share live location": opens the share dialog of a vehicle; renders nothing unless the role is Administrator. */
export function ShareLinkButton({
  kendaraanId,
  nomorPolisi,
  ...button
}: { kendaraanId: number; nomorPolisi: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('share');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (getStoredRole()?.roleUser !== 'Administrator') return null;
  return (
    <>
      <Button
        icon={<ShareAltOutlined />}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
        data-testid="share-open"
        {...button}
      >
        {t('button')}
      </Button>
      {opened && (
        <Suspense>
          <ShareLinkDialog
            kendaraanId={kendaraanId}
            nomorPolisi={nomorPolisi}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
