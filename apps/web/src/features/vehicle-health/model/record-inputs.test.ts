import { incidentInput, maintenanceInput, pretripCheckInput, type PretripCheckRow } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { closedInput, openFirst, passedInput } from './record-inputs';

describe('vehicle records: the bodies that close and pass', () => {
  it('closes a maintenance order or an incident as it is, with the close time', () => {
    const row = {
      maintenanceId: 4,
      kendaraanId: 7,
      nomorPolisi: 'B 1 A',
      kind: 'breakdown' as const,
      openedAt: '2026-03-01T02:00:00.000Z',
      closedAt: null,
      open: true,
      notes: 'Clutch',
      createdBy: 'admin',
    };
    const body = closedInput(row, '2026-03-02T02:00:00.000Z');
    expect(maintenanceInput.parse(body)).toEqual({
      kendaraanId: 7,
      kind: 'breakdown',
      openedAt: '2026-03-01T02:00:00.000Z',
      closedAt: '2026-03-02T02:00:00.000Z',
      notes: 'Clutch',
    });
    expect(incidentInput.safeParse(closedInput({ ...row, kind: 'accident' as const }, null)).success).toBe(
      true,
    );
    // Closing before it opened is the server's (and the contract's) 400, on closedAt.
    const early = maintenanceInput.safeParse(closedInput(row, '2026-02-28T00:00:00.000Z'));
    expect(early.success).toBe(false);
    expect(early.error?.issues[0]?.path).toEqual(['closedAt']);
  });

  it('passes a pre-trip check keeping its defects and driver', () => {
    const row: PretripCheckRow = {
      checkId: 1,
      kendaraanId: 7,
      nomorPolisi: 'B 1 A',
      pengemudiId: 3,
      pengemudiName: 'Budi',
      startedAt: '2026-03-01T22:00:00.000Z',
      passedAt: null,
      defects: ['Left mirror'],
      notes: null,
      result: 'defects',
    };
    expect(pretripCheckInput.parse(passedInput(row, '2026-03-01T22:30:00.000Z'))).toEqual({
      kendaraanId: 7,
      pengemudiId: 3,
      startedAt: '2026-03-01T22:00:00.000Z',
      passedAt: '2026-03-01T22:30:00.000Z',
      defects: ['Left mirror'],
      notes: null,
    });
  });

  it('lists open records first', () => {
    const rows = [
      { id: 1, open: false },
      { id: 2, open: true },
      { id: 3, open: false },
      { id: 4, open: true },
    ];
    expect(openFirst(rows).map((r) => r.id)).toEqual([2, 4, 1, 3]);
  });
});
