import { afterEach, describe, expect, it, vi } from 'vitest';
import { testVehicle } from '../testing/test-vehicle';
import { nameSnapshot } from './live-socket';
import { useLiveStore } from './live-store';
import { getTracking } from './tracking-query';

vi.mock('./live-socket', () => ({ nameSnapshot: vi.fn() }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const snapshot = (...ids: number[]) => ({ count: ids.length, results: ids.map((id) => testVehicle(id)) });

/** The page's window with what public/prefetch-snapshot.js leaves there. */
function prefetch(response: Response | null) {
  const win = { __pantauSnapshot: Promise.resolve(response) } as Partial<Window>;
  vi.stubGlobal('window', win);
  return win;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(nameSnapshot).mockClear();
  useLiveStore.getState().reset();
});

describe('getTracking', () => {
  it('takes the snapshot requested before the app started, once, without asking again', async () => {
    const win = prefetch(json(snapshot(1, 2)));
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json(snapshot(3)));
    vi.stubGlobal('fetch', fetchMock);
    expect((await getTracking()).map((v) => v.kendaraanId)).toEqual([1, 2]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(win.__pantauSnapshot).toBeUndefined();
    // A later refetch (after a reconnect) asks the server.
    expect((await getTracking()).map((v) => v.kendaraanId)).toEqual([3]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('asks itself when the early request failed or was refused (the app then handles a 401 as usual)', async () => {
    for (const early of [null, json({ title: 'Unauthorized' }, 401)]) {
      prefetch(early);
      const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json(snapshot(7)));
      vi.stubGlobal('fetch', fetchMock);
      expect((await getTracking()).map((v) => v.kendaraanId)).toEqual([7]);
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/tracking?live=1');
    }
  });

  it('seeds the live store with the whole unit and names the snapshot to the live socket', async () => {
    prefetch(null);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(json({ ...snapshot(4, 5), snapshot: 'tok' })),
    );
    await getTracking();
    expect([...useLiveStore.getState().byId.keys()]).toEqual([4, 5]);
    expect(nameSnapshot).toHaveBeenCalledWith('tok');
  });

  it('names no snapshot when the unit came in pages (the socket then sends each vehicle whole once)', async () => {
    prefetch(null);
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json({ count: 3, results: [testVehicle(1), testVehicle(2)], snapshot: 'tok' }))
      .mockResolvedValue(json({ count: 3, results: [testVehicle(3)] }));
    vi.stubGlobal('fetch', fetchMock);
    expect((await getTracking()).map((v) => v.kendaraanId)).toEqual([1, 2, 3]);
    expect(nameSnapshot).toHaveBeenCalledWith(null);
    expect(nameSnapshot).not.toHaveBeenCalledWith('tok');
  });
});
