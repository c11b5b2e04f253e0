import { VIOLATION_KINDS, type ViolationKindName } from '@pantau/contracts';

/**
 * The bar (or table row) whose violations are listed, kept in the URL: `sk` kind, `sfrom`/`sto` a
 * bucket's instants, `sfleet` a fleet (or `none`), `sdriver` a driver (or `none`). `list=1` with none
 * of them lists the whole period.
 */
export interface BarSelection {
  kind?: ViolationKindName;
  from?: string;
  to?: string;
  fleetId?: string;
  pengemudiId?: string;
}

export const SELECTION_KEYS = ['list', 'sk', 'sfrom', 'sto', 'sfleet', 'sdriver'] as const;

const group = (v: string | null) => (v && (v === 'none' || /^\d+$/.test(v)) ? v : undefined);
const instant = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? v : undefined);

export function selectionOf(params: URLSearchParams): BarSelection | null {
  if (!SELECTION_KEYS.some((k) => params.has(k))) return null;
  const kind = VIOLATION_KINDS.find((k) => k === params.get('sk'));
  const from = instant(params.get('sfrom'));
  const to = instant(params.get('sto'));
  return {
    ...(kind ? { kind } : {}),
    ...(from && to ? { from, to } : {}),
    ...(group(params.get('sfleet')) ? { fleetId: group(params.get('sfleet')) } : {}),
    ...(group(params.get('sdriver')) ? { pengemudiId: group(params.get('sdriver')) } : {}),
  };
}

/** The URL keys of a selection (null: none, the list closed). */
export function selectionParams(s: BarSelection | null): Record<string, string | undefined> {
  return {
    list: s ? '1' : undefined,
    sk: s?.kind,
    sfrom: s?.from,
    sto: s?.to,
    sfleet: s?.fleetId,
    sdriver: s?.pengemudiId,
  };
}
