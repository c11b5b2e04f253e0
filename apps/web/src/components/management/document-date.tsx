import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentState, formatDay, todayInUnitZone } from './document-status';

const COLOURS = { expired: 'red', due_soon: 'orange' } as const;

/** A document date coloured by its state: red when expired, orange when due within 30 days. */
export function DocumentDate({ day, testId }: { day: string | null; testId?: string }) {
  const { t } = useTranslation('management');
  const state = documentState(day, todayInUnitZone());
  if (!state) return <span data-testid={testId}>—</span>;
  if (state === 'valid') {
    return (
      <span data-testid={testId} data-state={state}>
        {formatDay(day)}
      </span>
    );
  }
  return (
    <Tooltip title={t(`document.${state}`)}>
      <Tag color={COLOURS[state]} data-testid={testId} data-state={state} style={{ marginInlineEnd: 0 }}>
        {formatDay(day)}
      </Tag>
    </Tooltip>
  );
}
