import { dayBound, REPORT_MAX_DAYS } from '@pantau/contracts';

export const PERIOD_KINDS = ['today', 'yesterday', 'last24h', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export interface Period {
  kind: PeriodKind;
  /** ISO 8601 UTC. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
/** The longest period `logs/gps` answers. */
export const MAX_PERIOD_MS = REPORT_MAX_DAYS * DAY_MS;

/** The `YYYY-MM-DD` day an instant falls on in a zone. */
function dayIn(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A quick pick as from and to, at `now` in the user's zone: today so far, yesterday, the last 24 hours. */
export function quickPeriod(kind: Exclude<PeriodKind, 'custom'>, now: number, timeZone: string): Period {
  const today = dayIn(now, timeZone);
  const iso = (ms: number) => new Date(ms).toISOString();
  if (kind === 'today') return { kind, from: iso(dayBound(today, 'start', timeZone)), to: iso(now) };
  if (kind === 'yesterday') {
    const yesterday = dayIn(dayBound(today, 'start', timeZone) - DAY_MS / 2, timeZone);
    return {
      kind,
      from: iso(dayBound(yesterday, 'start', timeZone)),
      to: iso(dayBound(today, 'start', timeZone)),
    };
  }
  return { kind, from: iso(now - DAY_MS), to: iso(now) };
}

/** Why a custom period cannot be played, or null: its end before its start, or longer than 31 days. */
export function periodProblem(from: string, to: string): 'order' | 'tooLong' | null {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (!(a < b)) return 'order';
  if (b - a > MAX_PERIOD_MS) return 'tooLong';
  return null;
}

/** The period from the URL (`period`, `from`, `to`), or the last 24 hours when it says none usable. */
export function periodFromParams(params: URLSearchParams, now: number, timeZone: string): Period {
  const kind = params.get('period');
  const from = params.get('from');
  const to = params.get('to');
  if (
    (PERIOD_KINDS as readonly string[]).includes(kind ?? '') &&
    from &&
    to &&
    !Number.isNaN(Date.parse(from)) &&
    !Number.isNaN(Date.parse(to)) &&
    periodProblem(from, to) === null
  )
    return { kind: kind as PeriodKind, from, to };
  return quickPeriod('last24h', now, timeZone);
}

// Shared with the SPK form's date-time pickers.
export { zonedWallTime } from '../../../lib/date-time';
