import { PageHeader } from '../../../components/page-header';

/** Driver management. (Being built.) */
export function DriverManagementPage({ title }: { title: string }) {
  return <PageHeader title={title} />;
}
