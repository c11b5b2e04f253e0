import { describe, expect, it } from 'vitest';
import { matchWorkOrder, nextMilestoneOf, type MatchInput, type VisitFact } from './milestones.js';

// Hand-made days of a car carrier: pool 1 (Sunter), pool 2 (another pool), origin 10 (a plant),
// destination 20 (a dealer), 30 (a rest area on the way). Times are WIB (UTC+7) on 2026-11-20.
const POOL = 1;
const OTHER_POOL = 2;
const ORIGIN = 10;
const DEST = 20;
const REST = 30;
const t = (hhmm: string, day = 20) => Date.parse(`2026-11-${day}T${hhmm}:00+07:00`);
const visit = (geofenceId: number, enter: number, exit: number | null): VisitFact => ({
  geofenceId,
  enterMs: enter,
  exitMs: exit,
});

const base = (o: Partial<MatchInput> = {}): MatchInput => ({
  kosongan: false,
  cancelled: false,
  runMs: t('06:00'),
  originId: ORIGIN,
  destinationId: DEST,
  poolIds: new Set([POOL, OTHER_POOL]),
  standardLeadMinutes: 240,
  standardCircleMinutes: 720,
  visits: [],
  events: [],
  corrections: {},
  nowMs: t('23:00'),
  ...o,
});

/** Out of the pool 06:10, plant 07:00–08:30, dealer 12:00–13:15, back in the pool 17:40. */
const fullDay = [
  visit(POOL, t('18:00', 19), t('06:10')),
  visit(ORIGIN, t('07:00'), t('08:30')),
  visit(REST, t('10:00'), t('10:30')),
  visit(DEST, t('12:00'), t('13:15')),
  visit(POOL, t('17:40'), null),
];

const times = (r: ReturnType<typeof matchWorkOrder>) =>
  Object.fromEntries(
    Object.entries(r.milestones).map(([k, m]) => [
      k,
      m.atMs === null ? null : new Date(m.atMs).toISOString(),
    ]),
  );
const iso = (ms: number) => new Date(ms).toISOString();

describe('SPK milestones from geofence visits', () => {
  it('an SPK days ahead waits, though its vehicle is at the loading site now with an open overstop', () => {
    const now = t('10:00');
    const r = matchWorkOrder(
      base({
        runMs: t('08:00', 23),
        nowMs: now,
        visits: [visit(POOL, t('18:00', 19), t('06:10')), visit(ORIGIN, t('07:00'), null)],
        events: [{ kind: 'overstop', startMs: t('08:00'), endMs: null }],
      }),
    );
    expect(r.status).toBe('waiting');
    expect(Object.values(r.milestones).every((m) => m.atMs === null)).toBe(true);
    expect(r.anomalies).toEqual([]);
    // Within the early start (12 h before the run date) the same visit is this SPK's loading.
    const early = matchWorkOrder(
      base({
        runMs: t('18:00'),
        nowMs: now,
        visits: [visit(POOL, t('18:00', 19), t('06:10')), visit(ORIGIN, t('07:00'), null)],
      }),
    );
    expect(early.milestones.arrive_loading.atMs).toBe(t('07:00'));
  });

  it('a whole trip: every milestone, lead 210 min, circle 690 min, done with no anomaly', () => {
    const r = matchWorkOrder(base({ visits: fullDay }));
    expect(times(r)).toEqual({
      out_pool: iso(t('06:10')),
      arrive_loading: iso(t('07:00')),
      exit_loading: iso(t('08:30')),
      enter_unloading: iso(t('12:00')),
      exit_unloading: iso(t('13:15')),
      enter_pool: iso(t('17:40')),
    });
    // Lead: 08:30 → 12:00 = 210 min; circle: 06:10 → 17:40 = 690 min; both within standard.
    expect(r).toMatchObject({
      actualLeadMinutes: 210,
      actualCircleMinutes: 690,
      overLeadMinutes: 0,
      overCircleMinutes: 0,
      status: 'done',
      anomalies: [],
      poolGeofenceId: POOL,
    });
    expect(r.milestones.out_pool).toMatchObject({ source: 'detected', geofenceId: POOL });
  });

  it('waits before the pool exit, is on progress at the plant, and on the road past the standard lead time turns abnormal', () => {
    expect(
      matchWorkOrder(base({ visits: [visit(POOL, t('18:00', 19), null)], nowMs: t('05:00') })).status,
    ).toBe('waiting');
    const atPlant = matchWorkOrder(
      base({ visits: [fullDay[0]!, visit(ORIGIN, t('07:00'), null)], nowMs: t('07:30') }),
    );
    expect(atPlant.status).toBe('on_progress');
    expect(atPlant.milestones.exit_loading.atMs).toBeNull();
    // Left the plant 08:30, standard lead 240 min: at 12:45 without reaching the dealer it is 15 min over.
    const late = matchWorkOrder(base({ visits: fullDay.slice(0, 2), nowMs: t('12:45') }));
    expect(late.status).toBe('abnormal');
    expect(late.anomalies).toEqual([{ kind: 'over_lead_time', value: 15, milestone: null, at: null }]);
  });

  it('over the standard: lead 300 against 240 is 60 over, circle 780 against 720 is 60 over', () => {
    const r = matchWorkOrder(
      base({
        visits: [
          visit(POOL, t('18:00', 19), t('06:00')),
          visit(ORIGIN, t('07:00'), t('08:00')),
          visit(DEST, t('13:00'), t('14:00')),
          visit(POOL, t('19:00'), null),
        ],
      }),
    );
    expect(r).toMatchObject({
      actualLeadMinutes: 300,
      actualCircleMinutes: 780,
      overLeadMinutes: 60,
      overCircleMinutes: 60,
      status: 'done',
    });
    expect(r.anomalies.map((a) => [a.kind, a.value])).toEqual([
      ['over_lead_time', 60],
      ['over_circle_time', 60],
    ]);
  });

  it('a trip that skips the plant: loading is missing, lead time unknown, circle time still counted', () => {
    const r = matchWorkOrder(
      base({
        visits: [
          visit(POOL, t('18:00', 19), t('06:10')),
          visit(DEST, t('12:00'), t('13:15')),
          visit(POOL, t('17:40'), null),
        ],
      }),
    );
    expect(r.milestones.arrive_loading.atMs).toBeNull();
    expect(r.milestones.enter_unloading.atMs).toBe(t('12:00'));
    expect(r.actualLeadMinutes).toBeNull();
    expect(r.actualCircleMinutes).toBe(690);
    expect(r.anomalies.filter((a) => a.kind === 'missing_milestone').map((a) => a.milestone)).toEqual([
      'arrive_loading',
      'exit_loading',
    ]);
    expect(r.status).toBe('done');
  });

  it('a trip that loads twice: arrival at the first entry, exit at the last exit before the dealer', () => {
    const r = matchWorkOrder(
      base({
        visits: [
          visit(POOL, t('18:00', 19), t('06:10')),
          visit(ORIGIN, t('07:00'), t('07:40')),
          visit(ORIGIN, t('08:05'), t('09:00')),
          visit(DEST, t('12:30'), t('13:00')),
          visit(POOL, t('17:00'), null),
        ],
      }),
    );
    expect(r.milestones.arrive_loading.atMs).toBe(t('07:00'));
    expect(r.milestones.exit_loading.atMs).toBe(t('09:00'));
    // 09:00 → 12:30.
    expect(r.actualLeadMinutes).toBe(210);
  });

  it('a trip across midnight: times run over the date change', () => {
    const r = matchWorkOrder(
      base({
        runMs: t('20:00'),
        visits: [
          visit(POOL, t('08:00'), t('20:30')),
          visit(ORIGIN, t('21:30'), t('23:10')),
          visit(DEST, t('02:40', 21), t('03:30', 21)),
          visit(POOL, t('07:50', 21), null),
        ],
        nowMs: t('09:00', 21),
      }),
    );
    // 23:10 → 02:40 next day = 210 min; 20:30 → 07:50 next day = 680 min.
    expect(r).toMatchObject({ actualLeadMinutes: 210, actualCircleMinutes: 680, status: 'done' });
  });

  it('a GPS gap during the trip is an anomaly with its minutes; over speed counted while running', () => {
    const r = matchWorkOrder(
      base({
        visits: fullDay.slice(0, 2),
        events: [
          { kind: 'gps_lost', startMs: t('09:00'), endMs: t('10:35') },
          { kind: 'overspeed', startMs: t('09:40'), endMs: t('09:42') },
          { kind: 'overspeed', startMs: t('09:50'), endMs: t('09:51') },
          // Before the trip: not this SPK's.
          { kind: 'overspeed', startMs: t('04:00'), endMs: t('04:01') },
        ],
        nowMs: t('11:00'),
      }),
    );
    expect(r.status).toBe('abnormal');
    expect(r.anomalies).toEqual([
      { kind: 'overspeed', value: 2, milestone: null, at: iso(t('09:40')) },
      { kind: 'gps_lost', value: 95, milestone: null, at: iso(t('09:00')) },
    ]);
  });

  it('back into another pool than it left: wrong pool', () => {
    const r = matchWorkOrder(base({ visits: [...fullDay.slice(0, 4), visit(OTHER_POOL, t('18:00'), null)] }));
    expect(r.milestones.enter_pool).toMatchObject({ atMs: t('18:00'), geofenceId: OTHER_POOL });
    expect(r.anomalies.map((a) => a.kind)).toEqual(['wrong_pool']);
  });

  it('a drive past a fence (under 3 minutes) is not a visit', () => {
    const r = matchWorkOrder(
      base({ visits: [...fullDay.slice(0, 3), visit(DEST, t('11:00'), t('11:02')), ...fullDay.slice(3)] }),
    );
    expect(r.milestones.enter_unloading.atMs).toBe(t('12:00'));
  });

  it('a kosongan run: out of the pool, into its destination, lead = circle', () => {
    const r = matchWorkOrder(
      base({
        kosongan: true,
        originId: null,
        destinationId: OTHER_POOL,
        visits: [visit(POOL, t('18:00', 19), t('06:30')), visit(OTHER_POOL, t('09:00'), null)],
      }),
    );
    expect(times(r)).toMatchObject({
      out_pool: iso(t('06:30')),
      enter_pool: iso(t('09:00')),
      arrive_loading: null,
    });
    expect(r).toMatchObject({
      actualLeadMinutes: 150,
      actualCircleMinutes: 150,
      status: 'done',
      anomalies: [],
    });
  });

  it('an Administrator’s correction wins and anchors the milestones after it', () => {
    const r = matchWorkOrder(
      base({ visits: fullDay, corrections: { out_pool: t('06:00'), exit_unloading: t('13:30') } }),
    );
    expect(r.milestones.out_pool).toMatchObject({
      atMs: t('06:00'),
      source: 'manual',
      detectedMs: t('06:10'),
    });
    expect(r.milestones.exit_unloading).toMatchObject({
      atMs: t('13:30'),
      source: 'manual',
      detectedMs: t('13:15'),
    });
    expect(r.actualCircleMinutes).toBe(700);
    // Clearing the return makes the trip run again.
    expect(
      matchWorkOrder(base({ visits: fullDay, corrections: { enter_pool: null }, nowMs: t('17:50') })).status,
    ).toBe('on_progress');
  });

  it('a trip already back in the pool before the run date is an earlier job: the SPK waits for its own', () => {
    const earlier = [
      visit(POOL, t('18:00', 19), t('21:00', 19)),
      visit(ORIGIN, t('22:00', 19), t('23:00', 19)),
      visit(DEST, t('02:00'), t('03:00')),
    ];
    const before = matchWorkOrder(
      base({ visits: [...earlier, visit(POOL, t('04:30'), null)], nowMs: t('06:05') }),
    );
    expect(before.status).toBe('waiting');
    expect(Object.values(times(before)).every((x) => x === null)).toBe(true);

    const after = matchWorkOrder(
      base({ visits: [...earlier, visit(POOL, t('04:30'), t('06:10')), ...fullDay.slice(1)] }),
    );
    expect(times(after).out_pool).toBe(iso(t('06:10')));
    expect(times(after).arrive_loading).toBe(iso(t('07:00')));
    expect(after.status).toBe('done');
  });

  it('a trip that starts hours before its run date is still its own', () => {
    const r = matchWorkOrder(
      base({
        runMs: t('09:00'),
        visits: [
          visit(POOL, t('18:00', 19), t('03:00')),
          visit(ORIGIN, t('04:00'), t('05:00')),
          visit(DEST, t('08:00'), t('09:30')),
          visit(POOL, t('13:00'), null),
        ],
      }),
    );
    expect(times(r).out_pool).toBe(iso(t('03:00')));
    expect(times(r).enter_pool).toBe(iso(t('13:00')));
    expect(r.status).toBe('done');
  });

  it('a cancelled SPK stays cancelled', () => {
    expect(matchWorkOrder(base({ visits: fullDay, cancelled: true })).status).toBe('cancelled');
  });

  it('the next milestone follows the last one reached', () => {
    const none = {
      out_pool: null,
      arrive_loading: null,
      exit_loading: null,
      enter_unloading: null,
      exit_unloading: null,
      enter_pool: null,
    };
    expect(nextMilestoneOf(false, true, true, none)).toBe('out_pool');
    expect(
      nextMilestoneOf(false, true, true, { ...none, out_pool: new Date(), arrive_loading: new Date() }),
    ).toBe('exit_loading');
    expect(nextMilestoneOf(false, false, true, { ...none, out_pool: new Date() })).toBe('enter_unloading');
    expect(nextMilestoneOf(true, false, true, { ...none, out_pool: new Date() })).toBe('enter_pool');
  });
});
