import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/feedback';

/**
 * Export to Excel from a management page: `run` writes the file and answers how many rows it held;
 * the user is told the count, or that the export failed. `exporting` is true meanwhile.
 */
export function useSheetExport(run: () => Promise<number>) {
  const { t: tm } = useTranslation('management');
  const { message } = useApp();
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      const count = await run();
      void message.success(tm('export.done', { count }));
    } catch {
      void message.error(tm('export.failed'));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, onExport };
}
