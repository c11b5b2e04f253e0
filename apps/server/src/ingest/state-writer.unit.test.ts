import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import type { LiveState } from '../live-state/live-state.js';
import { STATE_WRITE_CHUNK, StateWriter } from './state-writer.js';

const stateAt = (fixMs: number, speed = 40) =>
  ({
    fixTime: new Date(fixMs),
    serverTime: new Date(fixMs),
    lat: -6.2,
    lon: 106.8,
    speed,
    course: 90,
    ignition: true,
    valid: true,
    odometerKm: null,
    motion: 'moving',
    gpsStatus: 'ok',
    day: '2026-11-28',
    todayDistanceKm: 1,
    todayEngineS: 60,
    ruleState: {},
  }) as unknown as LiveState;

/**
 * A database whose upserts are recorded: the vehicle ids and speeds of each statement; `failOn` makes
 * the n-th statement (1-based) fail once.
 */
function recordingDb(failOn?: number) {
  const statements: { ids: number[]; speeds: number[] }[] = [];
  let calls = 0;
  const query = async (_text: string, params: unknown[]) => {
    calls++;
    if (calls === failOn) throw new Error('connection lost');
    const list = (p: unknown) => String(p).slice(1, -1).split(',').map(Number);
    const ids = list(params[0]);
    statements.push({ ids, speeds: list(params[5]) });
    return { rows: ids.map((v) => ({ v, n: 1 })) };
  };
  const db = { session: { client: { query, release: () => undefined } } } as unknown as Db;
  return { db, statements };
}

const quiet = { error: () => undefined };

describe('StateWriter', () => {
  it(`writes a flush of many vehicles ${STATE_WRITE_CHUNK} a statement, every vehicle once`, async () => {
    const { db, statements } = recordingDb();
    const written = new Map<number, number>();
    const writer = new StateWriter(
      db,
      () => new Date(),
      quiet,
      5_000,
      (v) => {
        for (const [id, n] of v) written.set(id, n);
      },
    );
    for (let id = 1; id <= 1_200; id++) writer.note(id, stateAt(Date.now()));
    await writer.flush();
    expect(statements.map((s) => s.ids.length)).toEqual([500, 500, 200]);
    expect(new Set(statements.flatMap((s) => s.ids)).size).toBe(1_200);
    expect(written.size).toBe(1_200);
    expect(writer.pending).toBe(0);
  });

  it('keeps what a failed statement and those after it did not write for the next flush, behind newer states', async () => {
    const { db, statements } = recordingDb(2);
    const writer = new StateWriter(db, () => new Date(), quiet, 5_000);
    for (let id = 1; id <= 1_200; id++) writer.note(id, stateAt(Date.now(), 40));
    await writer.flush();
    expect(statements.map((s) => s.ids.length)).toEqual([500]);
    expect(writer.pending).toBe(700);
    // A newer state of a vehicle left over wins over the one kept.
    writer.note(1_100, stateAt(Date.now(), 77));
    await writer.flush();
    const second = statements.slice(1);
    expect(second.reduce((n, s) => n + s.ids.length, 0)).toBe(700);
    const i = second.flatMap((s) => s.ids).indexOf(1_100);
    expect(second.flatMap((s) => s.speeds)[i]).toBe(77);
    expect(writer.pending).toBe(0);
  });
});
