import { DownloadOutlined } from '@ant-design/icons';
import { exportTokenAnswer, type WorkOrderKind } from '@pantau/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { userTimeZoneName } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import type { Query } from '../../../lib/query-string';
import { useApp } from '../../../lib/feedback';

/** The list's filters as the export link takes them: text values, lists as several. */
function exportQuery(query: Query): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value as string | number | boolean);
  }
  return out;
}

/**
 * "Export" in the SPK list's toolbar: every SPK of the list's filters and sort as .xlsx, built on the
 * server and downloaded as a plain link (the file never sits in the page's memory).
 */
export function SpkExportButton({ kind, filterQuery }: { kind: WorkOrderKind; filterQuery: Query }) {
  const { t, i18n } = useTranslation('workOrders');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const link = await api.postAuth('export/token', {
        body: {
          report: 'spk',
          format: 'xlsx',
          query: exportQuery({ ...filterQuery, kind }),
          language: i18n.resolvedLanguage === 'id' ? 'id' : 'en',
          timeZone: userTimeZoneName(),
        },
        schema: exportTokenAnswer,
      });
      const a = document.createElement('a');
      a.href = link.url;
      a.rel = 'noopener';
      a.download = '';
      document.body.append(a);
      a.click();
      a.remove();
      void message.success(t('export.started'));
    } catch (err) {
      void message.error(errorMessage(te, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="spk-export">
      {t('export.button')}
    </Button>
  );
}
