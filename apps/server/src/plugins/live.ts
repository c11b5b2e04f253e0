import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../errors.js';
import { z } from 'zod';
import { idParam, liveClientMessage, text, type LiveMessage } from '@pantau/contracts';
import { createPostgresLiveBus } from './live-bus.js';
import type { LiveEvent } from './live-events.js';
import { createLiveHub, type LiveHub, type LiveHubOptions } from './live-hub.js';
import { createLiveSessions, type LiveSessions } from './live-sessions.js';

export type { LiveEvent, LiveHub, LiveHubOptions };

const liveQuery = z.object({
  unitId: idParam().optional(),
  role: text().min(1).max(64).optional(),
  /** `1`: vehicles already sent come as `moves`, with only the fields that changed (`LiveMessage`). */
  changes: z.enum(['0', '1']).optional(),
  /** `1` (with `changes`): the client names its snapshot on the socket (`LiveClientMessage`). */
  snapshot: z.enum(['0', '1']).optional(),
});

/**
 * `GET /api/live`: the WebSocket of the chosen unit (DESIGN.md §5). The auth guard runs on the upgrade
 * request like on any API call, so no token answers 401, a role the user does not hold 403 and a page
 * of another site (its Origin) 403 before any socket exists.
 */
async function registerLiveRoute(
  app: FastifyInstance,
  deps: {
    hub: LiveHub;
    sessions: LiveSessions;
    clock: () => Date;
    /** Origins a browser page may open the socket from, besides the server's own. */
    publicUrl: string | undefined;
    allowedHosts: readonly string[];
  },
) {
  /**
   * A browser always sends Origin on a WebSocket; a page of another site must not ride the user's
   * cookie into the live channel. Clients that are not browsers send none and are let through.
   */
  const sameOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    let host: string;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      return false;
    }
    if (deps.publicUrl && new URL(deps.publicUrl).host.toLowerCase() === host) return true;
    return host === request.host.toLowerCase() || deps.allowedHosts.includes(host);
  };

  // permessage-deflate (RFC 7692) for messages over 1 KB: a second's `positions` at 10,000 vehicles is
  // ~3 MB of JSON and ~0.4 MB on the wire at level 1 (~13 ms of zlib's thread pool per connection and
  // message); browsers inflate off the page's main thread. Clients without the extension get plain text.
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: 64 * 1024,
      perMessageDeflate: { threshold: 1024, zlibDeflateOptions: { level: 1 } },
    },
  });
  app.addHook('onClose', async () => deps.hub.close());
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/live',
    {
      websocket: true,
      config: { auth: 'role', roleInQuery: true },
      onRequest: async (request) => {
        if (!sameOrigin(request)) throw new ForbiddenError('The live channel only opens from this site');
      },
      // A refused upgrade (401/403/400) is answered on the raw socket, which the HTTP server no longer
      // tracks: end it with the answer, or it lingers half-open and holds up shutdown.
      onResponse: async (request, reply) => {
        if (reply.statusCode >= 400) request.raw.socket.destroy();
      },
      schema: {
        tags: ['live'],
        summary: 'Live updates of the chosen unit (WebSocket; messages: `LiveMessage` in the contracts)',
        querystring: liveQuery,
      },
    },
    (socket, request) => {
      const unitId = request.role.unitId;
      const hello: LiveMessage = {
        type: 'hello',
        data: { unitId, serverTime: deps.clock().toISOString() },
      };
      socket.send(JSON.stringify(hello));
      const disconnect = deps.hub.connect(unitId, socket, {
        changes: request.query.changes === '1',
        snapshot: request.query.snapshot === '1',
      });
      socket.on('close', disconnect);
      socket.on('error', disconnect);
      deps.sessions.add(socket, request);
      // A client says one thing, which snapshot it holds; anything else is ignored.
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        let json: unknown;
        try {
          json = JSON.parse(String(data));
        } catch {
          return;
        }
        const message = liveClientMessage.safeParse(json);
        if (message.success) deps.hub.named(unitId, socket, message.data.token);
      });
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel's fan-out: the pipeline publishes to it, the dashboard gives it the summaries. */
    liveHub: LiveHub;
  }
}

/** How often an open socket's session is checked again (besides at once after a sign-out here). */
const SESSION_CHECK_MS = 15_000;
/** Writes after which open sockets are checked again at once. */
const SESSION_CHANGES = /^\/api\/(auth\/(logout|password|reset)|users|units)(\/|\?|$)/;

/** The live channel: the hub (`app.liveHub`) and its WebSocket, `GET /api/live`. */
export const liveChannel = fp<
  Pick<LiveHubOptions, 'flushMs' | 'pingMs' | 'snapshotWaitMs'> & { sessionCheckMs?: number }
>(
  async (app, opts) => {
    const { database } = app;
    const hub = createLiveHub({
      onError: (err) => app.log.error({ err }, 'live channel error'),
      ...(opts.flushMs ? { flushMs: opts.flushMs } : {}),
      ...(opts.pingMs ? { pingMs: opts.pingMs } : {}),
      ...(opts.snapshotWaitMs ? { snapshotWaitMs: opts.snapshotWaitMs } : {}),
      bus: database.newClient
        ? createPostgresLiveBus({
            db: app.db,
            newClient: database.newClient,
            logger: app.log,
            // As often as the sockets get positions: a vehicle costs the others at most one item a flush.
            intervalMs: opts.flushMs ?? 1000,
          })
        : null,
    });
    app.decorate('liveHub', hub);
    app.addHook('onReady', () => hub.listening());
    const sessions = createLiveSessions({
      accessNow: (request) => app.accessNow(request),
      intervalMs: opts.sessionCheckMs ?? SESSION_CHECK_MS,
      onError: (err) => app.log.warn({ err }, 'live channel: sessions not checked'),
    });
    app.addHook('onClose', async () => sessions.close());
    // What ends sessions or roles (a sign-out, a password changed or reset, a user or unit changed)
    // ends their sockets here at once; on other instances within the interval.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
      if (SESSION_CHANGES.test(request.url)) sessions.recheck();
    });
    await registerLiveRoute(app, {
      hub,
      sessions,
      clock: app.clock,
      publicUrl: app.config.publicUrl,
      allowedHosts: app.config.allowedHosts,
    });
  },
  { name: 'live', dependencies: ['auth'], decorators: { fastify: ['config', 'clock', 'db', 'database'] } },
);
