import { PageHeader } from '../../../components/page-header';

/** User management. (Being built.) */
export function UserManagementPage({ title }: { title: string }) {
  return <PageHeader title={title} />;
}
