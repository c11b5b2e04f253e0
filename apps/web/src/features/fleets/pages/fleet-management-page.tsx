import { PageHeader } from '../../../components/page-header';

/** Fleet management. (Being built.) */
export function FleetManagementPage({ title }: { title: string }) {
  return <PageHeader title={title} />;
}
