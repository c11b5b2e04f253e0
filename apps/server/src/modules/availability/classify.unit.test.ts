import { AVAILABILITY_CATEGORIES, AVAILABILITY_REASONS } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { classifyAvailability, type AvailabilityFacts } from './classify.js';

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
