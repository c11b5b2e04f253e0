import type { PretripCheckInput, PretripCheckRow } from '@pantau/contracts';

/** A maintenance order or an incident as stored (its kind one of its own kinds). */
interface OpenClosed<K extends string> {
  kendaraanId: number;
  kind: K;
  openedAt: string;
  notes: string | null;
}

/** The body that saves a maintenance order or an incident as it is, closed at `closedAt` (null reopens). */
export function closedInput<K extends string>(row: OpenClosed<K>, closedAt: string | null) {
  return {
    kendaraanId: row.kendaraanId,
    kind: row.kind,
    openedAt: row.openedAt,
    closedAt,
    notes: row.notes,
  };
}

/** The body that saves a pre-trip check as it is, passed at `passedAt`. */
export function passedInput(row: PretripCheckRow, passedAt: string | null): PretripCheckInput {
  return {
    kendaraanId: row.kendaraanId,
    pengemudiId: row.pengemudiId,
    startedAt: row.startedAt,
    passedAt,
    defects: row.defects,
    notes: row.notes,
  };
}

/** Open ones first, each part in the server's order (newest first). */
export function openFirst<R extends { open: boolean }>(rows: readonly R[]): R[] {
  return [...rows.filter((r) => r.open), ...rows.filter((r) => !r.open)];
}
