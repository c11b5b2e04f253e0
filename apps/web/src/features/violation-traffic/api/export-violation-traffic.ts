import { exportTokenAnswer, type ExportFormat } from '@pantau/contracts';
import { api } from '../../../lib/api-client';

/**
 * Asks for a one-time link to the period's violations as a file and downloads it as a plain link, so
 * the browser saves the stream itself (POST export/token, report `violation_traffic`).
 */
export async function exportViolationTraffic(input: {
  format: ExportFormat;
  query: Record<string, string | string[]>;
  language: 'en' | 'id';
  timeZone: string;
}): Promise<void> {
  const link = await api.postAuth('export/token', {
    body: { report: 'violation_traffic', ...input },
    schema: exportTokenAnswer,
  });
  const a = document.createElement('a');
  a.href = link.url;
  a.rel = 'noopener';
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}
