import { loginUser } from '@pantau/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, LONG_REQUEST_TIMEOUT_MS, setUnauthenticatedHandler } from './api-client';

const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(undefined);
});

describe('api client', () => {
  it('S-061 get sends cookies (credentials include) to /api with the query', async () => {
    const fetchMock = mockFetch(json({ count: 0, results: [] }));
    await api.getAuth('logs/notifications', { query: { Count: 5, unitId: 2 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/logs/notifications?Count=5&unitId=2');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
  });

  it('S-061 authenticated get with array-style query serialises a=1&a=2', async () => {
    const fetchMock = mockFetch(json([]));
    await api.getAuthArray('kendaraan/status', { query: { id: [1, 2] } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/kendaraan/status?id=1&id=2');
  });

  it('S-061 the long get carries an abort signal (50000 ms timeout)', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fetchMock = mockFetch(json({}));
    await api.getAuthLong('reports/kendaraan');
    expect(timeout).toHaveBeenCalledWith(LONG_REQUEST_TIMEOUT_MS);
    expect(LONG_REQUEST_TIMEOUT_MS).toBe(50000);
    expect(fetchMock.mock.calls[0]![1]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('S-061 post, put and delete send JSON with the right method', async () => {
    const fetchMock = mockFetch(json({}));
    await api.post('auth/login', { body: { username: 'a', password: 'b' } });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: '{"username":"a","password":"b"}',
      credentials: 'include',
    });
    fetchMock.mockResolvedValue(json({}));
    await api.put('kendaraan/1', { body: { aktif: false } });
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('PUT');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await api.delete('kendaraan/1');
    expect(fetchMock.mock.calls[2]![1]?.method).toBe('DELETE');
  });

  it('S-028 a problem+json failure reaches the caller as a typed ApiError', async () => {
    mockFetch(
      json(
        {
          type: 'about:blank',
          title: 'Bad request',
          status: 400,
          code: 'VALIDATION',
          detail: 'username is required',
          errors: [{ path: 'username', message: 'Username is required' }],
        },
        400,
        'application/problem+json',
      ),
    );
    const error = await api.post('auth/login', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', errors: [{ path: 'username' }] });
  });

  it('a 401 on an authenticated call runs the unauthenticated handler; on a plain call it does not', async () => {
    const handler = vi.fn();
    setUnauthenticatedHandler(handler);
    mockFetch(json({ type: 'x', title: 'Unauthorized', status: 401, code: 'UNAUTHENTICATED' }, 401));
    await expect(api.getAuth('auth/me')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(handler).toHaveBeenCalledTimes(1);
    mockFetch(json({ type: 'x', title: 'Unauthorized', status: 401, code: 'INVALID_CREDENTIALS' }, 401));
    await expect(api.post('auth/login')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('S-026 validates answers with the contract schema', async () => {
    mockFetch(json({ userId: 'nope' }));
    await expect(api.getAuth('auth/me', { schema: loginUser })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('an answer without a problem body still gets a code', async () => {
    mockFetch(new Response('Bad Gateway', { status: 502 }));
    await expect(api.get('health')).rejects.toMatchObject({ status: 502, code: 'NETWORK' });
    mockFetch(new Response('oops', { status: 500 }));
    await expect(api.get('health')).rejects.toMatchObject({ status: 500, code: 'INTERNAL' });
  });

  it('a network failure becomes a NETWORK error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('health')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
