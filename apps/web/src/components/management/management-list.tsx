import { DEFAULT_PAGE_SIZE } from '@pantau/contracts';
import { Alert, Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';

/**
 * A management list: the query's error above a card holding the toolbar and the table. The table's
 * wrapper (`testId`) carries `data-total` and `data-loading` for the browser tests.
 */
export function ManagementList({
  query,
  testId,
  toolbar,
  children,
}: {
  query: { isError: boolean; error: unknown; isFetching: boolean; data?: { count: number } | undefined };
  testId: string;
  toolbar: ReactNode;
  children: ReactNode;
}) {
  const { t: te } = useTranslation('errors');
  return (
    <>
      {query.isError && (
        <Alert type="error" showIcon title={errorMessage(te, query.error)} style={{ marginBottom: 16 }} />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        {toolbar}
        <div data-testid={testId} data-total={query.data?.count ?? 0} data-loading={query.isFetching}>
          {children}
        </div>
      </Card>
    </>
  );
}

/** What a server-paged management table takes from its query and the list state in the URL. */
export function serverTableProps<Row, State>(
  query: { isError: boolean; isFetching: boolean; data?: { results: Row[]; count: number } | undefined },
  state: State,
  update: (patch: Record<string, string | undefined>) => void,
) {
  return {
    rows: query.data?.results ?? [],
    total: query.data?.count ?? 0,
    loading: query.isFetching && !query.isError,
    state,
    pageSize: DEFAULT_PAGE_SIZE,
    onPage: (page: number) => update({ page: String(page) }),
    onSort: (sortBy: string | undefined, sortDir: string | undefined) => update({ sortBy, sortDir }),
  };
}
