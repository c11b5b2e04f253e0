import { describe, expect, it } from 'vitest';
import { formatAuditValue, formatChanges } from './format-changes';

const labels = { yes: 'Yes', no: 'No', empty: '—' };

describe('audit change formatting', () => {
  it('writes each changed field as "field: from → to"', () => {
    expect(
      formatChanges(
        { speedLimit: { from: 80, to: 90 }, nomorPolisi: { from: 'B 1 AA', to: 'B 2 BB' } },
        labels,
      ),
    ).toEqual(['speedLimit: 80 → 90', 'nomorPolisi: B 1 AA → B 2 BB']);
  });

  it('shows empty values, booleans, lists, instants (WIB) and secrets readably', () => {
    expect(
      formatChanges(
        {
          notes: { from: null, to: 'x' },
          aktif: { from: true, to: false },
          fleetIds: { from: [], to: [1, 2] },
          revokedAt: { from: null, to: '2026-11-21T18:30:15.000Z' },
          password: { from: '***', to: '***' },
        },
        labels,
      ),
    ).toEqual([
      'notes: — → x',
      'aktif: Yes → No',
      'fleetIds: — → 1, 2',
      'revokedAt: — → 22/11/2026 01:30',
      'password: *** → ***',
    ]);
  });

  it('uses the caller’s field labels, leaves out ids it does not label, and copes with no changes', () => {
    expect(formatChanges({ name: { from: 'A', to: 'B' } }, labels, (f) => f.toUpperCase())).toEqual([
      'NAME: A → B',
    ]);
    expect(formatChanges(null, labels)).toEqual([]);
    const vehicleLabel = (f: string) => ({ fleetId: 'Fleet', nomorPolisi: 'Plate number' })[f] ?? f;
    expect(
      formatChanges(
        {
          unitId: { from: null, to: 1 },
          kendaraanId: { from: null, to: 61 },
          fleetId: { from: null, to: 2 },
          brand: { from: null, to: '' },
          nomorPolisi: { from: null, to: 'B 1 AB' },
        },
        labels,
        vehicleLabel,
      ),
    ).toEqual(['Fleet: — → 2', 'Plate number: — → B 1 AB']);
    expect(formatAuditValue({ a: 1 }, labels)).toBe('{"a":1}');
    expect(formatAuditValue('', labels)).toBe('—');
  });
});
