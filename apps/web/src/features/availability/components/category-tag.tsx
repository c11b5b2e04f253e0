import type { AvailabilityCategory, AvailabilityRow } from '@pantau/contracts';
import { Tag } from 'antd';
import { categoryColor } from './category-look';
import { useAvailabilityWords } from './use-availability-words';

/** A vehicle's category as a coloured tag. */
export function CategoryTag({ category }: { category: AvailabilityCategory }) {
  const words = useAvailabilityWords();
  return (
    <Tag color={categoryColor(category)} data-testid="category-tag" data-category={category}>
      {words.category(category)}
    </Tag>
  );
}

const PAPER_COLORS = { expired: 'red', due_soon: 'gold', valid: 'green' } as const;

/** STNK or KIR: expired, due soon, valid, or no date. */
export function PaperTag({ state, testId }: { state: AvailabilityRow['stnk']; testId: string }) {
  const words = useAvailabilityWords();
  return (
    <Tag color={state ? PAPER_COLORS[state] : undefined} data-testid={testId} data-state={state ?? 'none'}>
      {words.paper(state)}
    </Tag>
  );
}
