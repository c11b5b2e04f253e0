import { MAX_PAGE_SIZE } from '@pantau/contracts';
import type { z } from 'zod';
import { api } from '../api-client';
import type { Query } from '../query-string';

/** Every row of a list endpoint, page by page at the largest page size (a unit may pass one page). */
export async function getEveryPage<Row>(
  path: string,
  schema: z.ZodType<{ count: number; results: Row[] }>,
  query: Query = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const page = await api.getAuth(path, {
      query: { ...query, Take: MAX_PAGE_SIZE, Skip: rows.length },
      schema,
    });
    rows.push(...page.results);
    if (page.results.length === 0 || rows.length >= page.count) return rows;
  }
}
