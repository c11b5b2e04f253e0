import type { AvailabilityCategory, AvailabilityReason, AvailabilityRow } from '@pantau/contracts';
import type { EntitySheet, SheetCell } from '../../../components/management/sheet';

type PaperState = NonNullable<AvailabilityRow['stnk']>;

/** The words the sheet writes, already translated. */
export interface AvailabilityWords {
  category: (c: AvailabilityCategory) => string;
  reason: (r: AvailabilityReason) => string;
  paper: (p: PaperState | null) => string;
  /** An instant as the reader reads it (DD/MM/YYYY HH:mm in their zone). */
  time: (iso: string | null) => string;
}

export const AVAILABILITY_SHEET_COLUMNS = [
  { key: 'plate', kind: 'text', width: 14 },
  { key: 'hull', kind: 'text', width: 12 },
  { key: 'fleets', kind: 'list', width: 22 },
  { key: 'category', kind: 'text', width: 20 },
  { key: 'reason', kind: 'text', width: 40 },
  { key: 'since', kind: 'text', width: 18 },
  { key: 'spk', kind: 'text', width: 18 },
  { key: 'stnk', kind: 'text', width: 14 },
  { key: 'kir', kind: 'text', width: 14 },
  { key: 'lastFix', kind: 'text', width: 18 },
] as const;
export type AvailabilitySheetKey = (typeof AVAILABILITY_SHEET_COLUMNS)[number]['key'];

/** The table as a sheet: one row per vehicle, in words. */
export function availabilitySheet(
  words: AvailabilityWords,
): EntitySheet<AvailabilityRow, AvailabilitySheetKey> {
  return {
    columns: AVAILABILITY_SHEET_COLUMNS,
    cells: (r): Record<AvailabilitySheetKey, SheetCell> => ({
      plate: r.nomorPolisi,
      hull: r.nomorKendaraan,
      fleets: r.fleets.map((f) => f.fleetName).join(', ') || null,
      category: words.category(r.category),
      reason: words.reason(r.reason),
      since: r.since ? words.time(r.since) : null,
      spk: r.spkNumber,
      stnk: words.paper(r.stnk),
      kir: words.paper(r.kir),
      lastFix: r.lastFixAt ? words.time(r.lastFixAt) : null,
    }),
  };
}
