import {
  detailActivityList,
  exportTokenAnswer,
  geofenceVisitList,
  overRouteList,
  overspeedList,
  overstopList,
  type ExportFormat,
  type ReportName,
} from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';

/** Each report page's list: its path and the contract its answer must match. */
export const reportSources = {
  overspeed: { path: 'overspeed', schema: overspeedList },
  overstop: { path: 'overstop', schema: overstopList },
  loggeopoint: { path: 'loggeopoint', schema: geofenceVisitList },
  overroute: { path: 'overroute', schema: overRouteList },
  detail_activity: { path: 'detail_activity', schema: detailActivityList },
} as const satisfies Partial<Record<ReportName, { path: string; schema: z.ZodType }>>;
export type ReportSource = keyof typeof reportSources;
export type ReportListOf<R extends ReportSource> = z.infer<(typeof reportSources)[R]['schema']>;

export const reportKeys = {
  all: ['reports'] as const,
  page: (report: ReportSource, unitId: number | undefined, query: Query) =>
    [...reportKeys.all, report, unitId, query] as const,
};

/** One page of a report (the period, filters, sort, Take and Skip in `query`). */
export function useReportPage<R extends ReportSource>(report: R, unitId: number | undefined, query: Query) {
  const source = reportSources[report];
  return useQuery({
    queryKey: reportKeys.page(report, unitId, query),
    queryFn: ({ signal }) =>
      api.getAuthLong(source.path, {
        query,
        schema: source.schema as unknown as z.ZodType<ReportListOf<R>>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Asks for a one-time link to the report's file and downloads it as a plain link, so the browser saves
 * the stream itself and the file never sits in the page's memory.
 */
export async function downloadReport(input: {
  report: ReportName;
  format: ExportFormat;
  query: Record<string, string | string[]>;
  language: 'en' | 'id';
  timeZone: string;
}): Promise<void> {
  const link = await api.postAuth('export/token', { body: input, schema: exportTokenAnswer });
  const a = document.createElement('a');
  a.href = link.url;
  a.rel = 'noopener';
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}
