import { afterEach, describe, expect, it, vi } from 'vitest';
import { testVehicle } from '../testing/test-vehicle';
import { getTracking } from './tracking-query';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const snapshot = (...ids: number[]) => ({ count: ids.length, results: ids.map((id) => testVehicle(id)) });

/** The page's window with what public/prefetch-snapshot.js leaves there. */
function prefetch(response: Response | null) {
  const win = { __pantauSnapshot: Promise.resolve(response) } as Partial<Window>;
  vi.stubGlobal('window', win);
  return win;
}

afterEach(() => vi.unstubAllGlobals());

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
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/tracking');
    }
  });
});
