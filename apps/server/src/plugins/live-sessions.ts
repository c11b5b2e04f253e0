import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Access } from './auth.js';

/** Close codes the web client takes as final (apps/web/src/lib/live/live-socket.ts). */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_ROLE_GONE = 4403;

export interface LiveSessions {
  /** Watches an open socket: it stays open while its upgrade request's token and role still hold. */
  add(socket: WebSocket, request: FastifyRequest): void;
  /** Checks every open socket again now (after a sign-out, a password change, a role change). */
  recheck(): void;
  close(): void;
}

/**
 * A live socket is authorised once, at its upgrade. Its session can end while it is open: a sign-out
 * (the token revoked), a password change elsewhere, the account disabled, the role taken away, the
 * token expired. Each open socket's request is authorised again every `intervalMs` and whenever
 * `recheck` is called, and closed when it no longer would be: 4401 without a valid token, 4403 without
 * the role it was opened for. Works across instances, since the database holds revocations and roles.
 * When the database cannot answer, sockets stay open until it can.
 */
export function createLiveSessions(opts: {
  /** The request's token and role as they stand now; throws when that cannot be known. */
  accessNow(request: FastifyRequest): Promise<Access>;
  intervalMs: number;
  onError(err: unknown): void;
}): LiveSessions {
  const open = new Map<WebSocket, FastifyRequest>();
  let running: Promise<void> | null = null;
  let again = false;

  async function checkAll() {
    for (const [socket, request] of [...open]) {
      if (!open.has(socket)) continue;
      const { user, role } = await opts.accessNow(request);
      if (!open.has(socket)) continue;
      if (!user) close(socket, CLOSE_SIGNED_OUT, 'Signed out');
      else if (role?.unitId !== request.role.unitId || role.role !== request.role.role)
        close(socket, CLOSE_ROLE_GONE, 'The role is no longer held');
    }
  }

  function close(socket: WebSocket, code: number, reason: string) {
    open.delete(socket);
    socket.close(code, reason);
  }

  function recheck() {
    if (open.size === 0) return;
    if (running) {
      again = true;
      return;
    }
    running = checkAll()
      .catch(opts.onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          recheck();
        }
      });
  }

  const timer = setInterval(recheck, opts.intervalMs);
  timer.unref();

  return {
    add(socket, request) {
      open.set(socket, request);
      const forget = () => open.delete(socket);
      socket.on('close', forget);
      socket.on('error', forget);
    },
    recheck,
    close() {
      clearInterval(timer);
      open.clear();
    },
  };
}
