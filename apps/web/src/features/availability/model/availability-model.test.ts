import type { AvailabilityRow } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { sheetRow } from '../../../components/management/sheet';
import {
  AVAILABILITY_FIGURES,
  availabilityListQuery,
  figureCount,
  figureOf,
  figurePatch,
} from './availability-filter';
import { availabilitySheet } from './availability-sheet';
import { formatSince } from './duration';
import { historyTimeline } from './history-timeline';

const units = { d: 'd', h: 'h', min: 'min' };
const NOW = Date.parse('2026-03-10T08:00:00Z');

describe('availability figures and filter', () => {
  it('S-052 the 14 figures in the spec order: total, 11 categories, STNK and KIR paper counts', () => {
    expect(AVAILABILITY_FIGURES).toEqual([
      'total',
      'on_delivery',
      'on_going',
      'way_back',
      'way_back_with_load',
      'wo_trouble',
      'pre_checking',
      'ready_to_go',
      'stand_by',
      'maintenance',
      'incident',
      'other',
      'stnkPaper',
      'kirPaper',
    ]);
  });

  it('S-052 a figure is a category or a paper filter in the URL, and reads back as the same figure', () => {
    for (const figure of AVAILABILITY_FIGURES) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(figurePatch(figure))) if (v) params.set(k, v);
      expect(figureOf(availabilityListQuery.parse(params, 1))).toBe(figure);
    }
    expect(figurePatch('stnkPaper')).toEqual({ category: undefined, paper: 'stnk' });
    // Unknown values in the URL are ignored.
    const odd = availabilityListQuery.parse(new URLSearchParams('category=flying&paper=bpkb&fleetId=x'), 1);
    expect(figureOf(odd)).toBe('total');
    expect(odd.fleetId).toBeUndefined();
  });

  it('counts a figure from the summary', () => {
    const summary = {
      total: 9,
      categories: {
        on_delivery: 1,
        on_going: 0,
        way_back: 2,
        way_back_with_load: 0,
        wo_trouble: 1,
        pre_checking: 0,
        ready_to_go: 0,
        stand_by: 3,
        maintenance: 1,
        incident: 1,
        other: 0,
      },
      stnkPaper: 2,
      kirPaper: 4,
    };
    expect(AVAILABILITY_FIGURES.map((f) => figureCount(summary, f))).toEqual([
      9, 1, 0, 2, 0, 1, 0, 0, 3, 1, 1, 0, 2, 4,
    ]);
  });
});

describe('since', () => {
  it('reads the time in a category in its two largest units', () => {
    const ago = (min: number) => new Date(NOW - min * 60_000).toISOString();
    expect(formatSince(ago(0), NOW, units)).toBe('0 min');
    expect(formatSince(ago(45), NOW, units)).toBe('45 min');
    expect(formatSince(ago(120), NOW, units)).toBe('2 h');
    expect(formatSince(ago(135), NOW, units)).toBe('2 h 15 min');
    expect(formatSince(ago(3 * 1440 + 4 * 60 + 59), NOW, units)).toBe('3 d 4 h');
    expect(formatSince(ago(2 * 1440 + 5), NOW, units)).toBe('2 d');
    expect(formatSince(new Date(NOW + 60_000).toISOString(), NOW, units)).toBe('0 min');
    expect(formatSince(null, NOW, units)).toBeNull();
  });
});

describe('history timeline', () => {
  const from = NOW - 7 * 86_400_000;
  it('clips the stretches to the window and totals the minutes per category', () => {
    const { bars, totals } = historyTimeline(
      [
        // Began before the window: only its part inside counts.
        {
          category: 'stand_by',
          reason: 'in_pool_no_spk',
          from: new Date(from - 3_600_000).toISOString(),
          to: new Date(from + 2 * 86_400_000).toISOString(),
        },
        {
          category: 'wo_trouble',
          reason: 'wo_trouble_open',
          from: new Date(from + 2 * 86_400_000).toISOString(),
          to: new Date(from + 3 * 86_400_000).toISOString(),
        },
        // Open: lasts until now.
        {
          category: 'stand_by',
          reason: 'in_pool_no_spk',
          from: new Date(from + 3 * 86_400_000).toISOString(),
          to: null,
        },
      ],
      from,
      NOW,
    );
    expect(bars.map((b) => [b.category, +b.left.toFixed(2), +b.width.toFixed(2)])).toEqual([
      ['stand_by', 0, 28.57],
      ['wo_trouble', 28.57, 14.29],
      ['stand_by', 42.86, 57.14],
    ]);
    expect(totals).toEqual([
      { category: 'stand_by', minutes: 6 * 1440 },
      { category: 'wo_trouble', minutes: 1440 },
    ]);
  });

  it('leaves out what lies outside the window', () => {
    const { bars } = historyTimeline(
      [
        {
          category: 'incident',
          reason: 'incident_open',
          from: new Date(from - 86_400_000).toISOString(),
          to: new Date(from - 1).toISOString(),
        },
      ],
      from,
      NOW,
    );
    expect(bars).toEqual([]);
  });
});

describe('availability sheet', () => {
  it('writes a vehicle in words, in column order', () => {
    const row: AvailabilityRow = {
      kendaraanId: 1,
      nomorPolisi: 'B 9471 UEY',
      nomorKendaraan: 'CC-017',
      fleets: [
        { fleetId: 1, fleetName: 'Cikarang' },
        { fleetId: 2, fleetName: 'Export' },
      ],
      category: 'on_delivery',
      reason: 'loaded_on_the_way',
      since: '2026-03-10T06:00:00.000Z',
      spkId: 5,
      spkNumber: 'SPK/0001',
      spkKind: 'ccr',
      stnk: 'valid',
      kir: null,
      lastFixAt: null,
    };
    const sheet = availabilitySheet({
      category: (c) => `cat:${c}`,
      reason: (r) => `why:${r}`,
      paper: (p) => `paper:${p ?? 'none'}`,
      time: (iso) => `t:${iso}`,
    });
    expect(sheetRow(sheet, row, { yes: 'Yes', no: 'No' })).toEqual([
      'B 9471 UEY',
      'CC-017',
      'Cikarang, Export',
      'cat:on_delivery',
      'why:loaded_on_the_way',
      't:2026-03-10T06:00:00.000Z',
      'SPK/0001',
      'paper:valid',
      'paper:none',
      null,
    ]);
  });
});
