import { AVAILABILITY_CATEGORIES, AVAILABILITY_REASONS } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { classifyAvailability, startOfReason, type AvailabilityFacts, type ReasonFacts } from './classify.js';

const NOW = Date.parse('2026-11-20T08:00:00+07:00');
/** A vehicle standing in its pool, GPS fresh, papers valid, nothing open, no SPK. */
const pool = (o: Partial<AvailabilityFacts> = {}): AvailabilityFacts => ({
  openIncident: false,
  openMaintenance: [],
  kirExpired: false,
  stnkExpired: false,
  spk: null,
  inPool: true,
  lastFixMs: NOW - 60_000,
  p2h: null,
  nowMs: NOW,
  ...o,
});
const spk = (o: Partial<NonNullable<AvailabilityFacts['spk']>> = {}): AvailabilityFacts['spk'] => ({
  status: 'on_progress',
  kosongan: false,
  outPool: true,
  exitLoading: false,
  exitUnloading: false,
  enterPool: false,
  ...o,
});

describe('S-052 availability categories and their precedence', () => {
  const cases: [string, AvailabilityFacts, string, string][] = [
    [
      'an open incident beats everything',
      pool({ openIncident: true, openMaintenance: ['breakdown'], spk: spk() }),
      'incident',
      'incident_open',
    ],
    [
      'a breakdown beats planned work',
      pool({ openMaintenance: ['preventive', 'breakdown'] }),
      'wo_trouble',
      'wo_trouble_open',
    ],
    [
      'a corrective order is trouble',
      pool({ openMaintenance: ['corrective'] }),
      'wo_trouble',
      'wo_trouble_open',
    ],
    [
      'a KIR test day is maintenance',
      pool({ openMaintenance: ['kir'], spk: spk() }),
      'maintenance',
      'maintenance_open',
    ],
    [
      'expired KIR beats a running SPK',
      pool({ kirExpired: true, spk: spk({ exitLoading: true }) }),
      'other',
      'kir_expired',
    ],
    ['expired STNK', pool({ stnkExpired: true }), 'other', 'stnk_expired'],
    [
      'loaded and on the way',
      pool({ inPool: false, spk: spk({ exitLoading: true }) }),
      'on_delivery',
      'loaded_on_the_way',
    ],
    [
      'loaded on an SPK that did not start from a pool: a backhaul',
      pool({ inPool: false, spk: spk({ outPool: false, exitLoading: true }) }),
      'way_back_with_load',
      'loaded_backhaul',
    ],
    [
      'unloaded and not yet home',
      pool({ inPool: false, spk: spk({ exitLoading: true, exitUnloading: true }) }),
      'way_back',
      'unloaded_returning',
    ],
    [
      'a kosongan run under way',
      pool({ inPool: false, spk: spk({ kosongan: true }) }),
      'way_back',
      'kosongan_running',
    ],
    [
      'out of the pool, not yet loaded (abnormal too)',
      pool({ inPool: false, spk: spk({ status: 'abnormal' }) }),
      'on_going',
      'to_loading',
    ],
    ['a running SPK needs no fresh GPS', pool({ lastFixMs: null, spk: spk() }), 'on_going', 'to_loading'],
    [
      'the check runs in the pool',
      pool({ p2h: { passed: false, defects: 0 } }),
      'pre_checking',
      'p2h_running',
    ],
    [
      'the check found defects',
      pool({ p2h: { passed: false, defects: 2 }, spk: spk({ status: 'waiting' }) }),
      'pre_checking',
      'p2h_defects',
    ],
    ['an SPK waits and no check yet', pool({ spk: spk({ status: 'waiting' }) }), 'pre_checking', 'p2h_due'],
    [
      'passed the check with an SPK waiting',
      pool({ p2h: { passed: true, defects: 0 }, spk: spk({ status: 'waiting' }) }),
      'ready_to_go',
      'p2h_passed',
    ],
    ['in the pool without an SPK', pool({ p2h: { passed: true, defects: 0 } }), 'stand_by', 'in_pool_no_spk'],
    ['GPS silent for over an hour', pool({ lastFixMs: NOW - 61 * 60_000 }), 'other', 'gps_stale'],
    ['never reported', pool({ lastFixMs: null }), 'other', 'no_gps'],
    ['away from every pool without an SPK', pool({ inPool: false }), 'other', 'outside_pool_no_spk'],
    [
      'an SPK waits but the vehicle is away',
      pool({ inPool: false, spk: spk({ status: 'waiting' }) }),
      'other',
      'waiting_outside_pool',
    ],
  ];
  it.each(cases)('%s', (_what, facts, category, reason) => {
    expect(classifyAvailability(facts)).toEqual({ category, reason });
  });

  it('reaches every category and every reason', () => {
    const reached = cases.map(([, f]) => classifyAvailability(f));
    expect(new Set(reached.map((r) => r.category))).toEqual(new Set(AVAILABILITY_CATEGORIES));
    expect(new Set(reached.map((r) => r.reason))).toEqual(new Set(AVAILABILITY_REASONS));
  });
});

describe("when a vehicle's reason began", () => {
  const H = 3_600_000;
  const facts: ReasonFacts = {
    incidentMs: NOW - 5 * H,
    maintenanceMs: NOW - 4 * H,
    kirDue: '2026-11-10',
    stnkDue: new Date('2026-11-12T00:00:00Z'),
    timeZone: 'Asia/Jakarta',
    spk: { outPoolMs: NOW - 3 * H, exitLoadingMs: NOW - 2 * H, exitUnloadingMs: NOW - H },
    poolEnterMs: NOW - 30 * H,
    check: { startedMs: NOW - 20 * 60_000, passedMs: NOW - 5 * 60_000 },
    lastFixMs: NOW - 3 * H,
  };
  it('dates each reason from the stored fact that began it, and leaves the rest undated', () => {
    const dated = Object.fromEntries(AVAILABILITY_REASONS.map((r) => [r, startOfReason(r, facts)]));
    expect(dated).toEqual({
      incident_open: NOW - 5 * H,
      wo_trouble_open: NOW - 4 * H,
      maintenance_open: NOW - 4 * H,
      // Expired from the day after the due date, midnight WIB.
      kir_expired: Date.parse('2026-11-11T00:00:00+07:00'),
      stnk_expired: Date.parse('2026-11-13T00:00:00+07:00'),
      loaded_backhaul: NOW - 2 * H,
      loaded_on_the_way: NOW - 2 * H,
      unloaded_returning: NOW - H,
      kosongan_running: NOW - 3 * H,
      to_loading: NOW - 3 * H,
      p2h_running: NOW - 20 * 60_000,
      p2h_defects: NOW - 20 * 60_000,
      p2h_due: null,
      p2h_passed: NOW - 5 * 60_000,
      in_pool_no_spk: NOW - 30 * H,
      // Silent for the stale threshold (an hour) after the last fix.
      gps_stale: NOW - 2 * H,
      no_gps: null,
      outside_pool_no_spk: null,
      waiting_outside_pool: null,
    });
  });
  it('has no date where the fact is missing', () => {
    const none: ReasonFacts = {
      ...facts,
      incidentMs: null,
      kirDue: null,
      spk: null,
      poolEnterMs: null,
      check: null,
      lastFixMs: null,
    };
    for (const r of [
      'incident_open',
      'kir_expired',
      'to_loading',
      'in_pool_no_spk',
      'p2h_passed',
      'gps_stale',
    ] as const)
      expect(startOfReason(r, none), r).toBeNull();
  });
});
