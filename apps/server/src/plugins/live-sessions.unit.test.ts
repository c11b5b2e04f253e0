import { EventEmitter } from 'node:events';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Access } from './auth.js';
import { CLOSE_ROLE_GONE, CLOSE_SIGNED_OUT, createLiveSessions, type LiveSessions } from './live-sessions.js';

class FakeSocket extends EventEmitter {
  closedWith: number | null = null;
  close(code: number) {
    this.closedWith = code;
    this.emit('close');
  }
}

const user = { userId: 7, username: 'eko', displayName: 'Eko', groups: [] };
const requestFor = (unitId: number, role: string) =>
  ({ role: { unitId, role } }) as unknown as FastifyRequest;
const settle = () => new Promise((r) => setTimeout(r, 0));

let sessions: LiveSessions | undefined;
afterEach(() => sessions?.close());

describe('live sessions', () => {
  it('closes a socket signed out (4401) or without its role (4403) and keeps the others', async () => {
    const answers = new Map<FastifyRequest, Access>();
    sessions = createLiveSessions({
      accessNow: async (request) => answers.get(request)!,
      intervalMs: 60_000,
      onError: () => {},
    });
    const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    const requests = [
      requestFor(1, 'User'),
      requestFor(1, 'User'),
      requestFor(1, 'User'),
      requestFor(2, 'Guest'),
    ];
    answers.set(requests[0]!, { user, role: { unitId: 1, role: 'User' } });
    answers.set(requests[1]!, { user: null, role: null });
    answers.set(requests[2]!, { user, role: { unitId: 1, role: 'Guest' } });
    answers.set(requests[3]!, { user, role: null });
    sockets.forEach((s, i) => sessions!.add(s as unknown as WebSocket, requests[i]!));
    sessions.recheck();
    await settle();
    expect(sockets.map((s) => s.closedWith)).toEqual([
      null,
      CLOSE_SIGNED_OUT,
      CLOSE_ROLE_GONE,
      CLOSE_ROLE_GONE,
    ]);
  });

  it('keeps every socket open while the answer cannot be known (the database away)', async () => {
    const onError = vi.fn();
    sessions = createLiveSessions({
      accessNow: () => Promise.reject(new Error('connection refused')),
      intervalMs: 60_000,
      onError,
    });
    const socket = new FakeSocket();
    sessions.add(socket as unknown as WebSocket, requestFor(1, 'User'));
    sessions.recheck();
    await settle();
    expect(socket.closedWith).toBeNull();
    expect(onError).toHaveBeenCalledOnce();
  });

  it('checks again every interval, and a socket closed meanwhile is no longer asked about', async () => {
    vi.useFakeTimers();
    try {
      const accessNow = vi.fn(async (): Promise<Access> => ({ user, role: { unitId: 1, role: 'User' } }));
      sessions = createLiveSessions({ accessNow, intervalMs: 1_000, onError: () => {} });
      const socket = new FakeSocket();
      sessions.add(socket as unknown as WebSocket, requestFor(1, 'User'));
      await vi.advanceTimersByTimeAsync(2_100);
      expect(accessNow).toHaveBeenCalledTimes(2);
      socket.emit('close');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(accessNow).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
