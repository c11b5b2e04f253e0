import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ComingSoonPage, type PlaceholderPage } from '../../features/placeholder/pages/coming-soon-page';
import type { MenuLabel } from '../shell/menu';

/** A shell page with its translated title and the honest "coming in a later release" state. */
export function ComingSoonRoute({ label, page }: { label: MenuLabel; page: PlaceholderPage }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={t(`menu.${label}`)} />
      <ComingSoonPage page={page} />
    </>
  );
}
