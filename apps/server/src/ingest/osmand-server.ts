import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { parseOsmand } from '@pantau/protocols';
import { isDatabaseUnavailable } from '../db/availability.js';
import { createLogLimiter } from './log-limit.js';
import type { IngestSource, Pipeline } from './types.js';

export interface OsmandServerOptions {
  pipeline: Pipeline;
  logger: FastifyBaseLogger;
  clock?: () => Date;
  /**
   * Offset from UTC of zone-less `yyyy-MM-dd HH:mm:ss` timestamps, in minutes. Traccar reads them in
   * the server's zone; Pantau's fleets are in WIB, so the default is +7 h.
   */
  naiveTimeOffsetMinutes?: number;
}

export interface OsmandServer {
  app: FastifyInstance;
  listen(port: number, host?: string): Promise<AddressInfo>;
  /** Open HTTP connections (clients that keep theirs alive between reports). */
  connections(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The OsmAnd HTTP listener (research/anchors.md §5.1): any path, GET or POST, parameters in the query
 * or a form body, or the Traccar Client JSON body. 200 once the position is durably stored; 200 for a
 * heartbeat (the id without coordinates: Traccar Client with its heartbeat on), storing nothing; 400
 * with the offending field for a missing or unknown id or a bad value, including one the database
 * could never hold; 503 when storing failed, so the client keeps the fix and retries.
 */
export function createOsmandServer(options: OsmandServerOptions): OsmandServer {
  const { pipeline } = options;
  const clock = options.clock ?? (() => new Date());
  const naiveTimeOffsetMinutes = options.naiveTimeOffsetMinutes ?? 7 * 60;
  const logger = options.logger.child({ listener: 'osmand' });
  const limiter = createLogLimiter();
  const unknownLogged = new Set<string>();
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Bodies are handed to the decoder as text: it chooses JSON or form parameters from the content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /** The API's problem shape (plugins/errors.ts), naming the field. */
  const bad = (field: string, message: string) => ({
    type: 'https://pantau.dev/problems/validation',
    title: 'Invalid request',
    status: 400,
    detail: `${field}: ${message}`,
    code: 'VALIDATION',
    errors: [{ path: field, message }],
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    // Trackers report every few seconds: per-request lines would drown the log.
    logLevel: 'warn',
    handler: async (request, reply) => {
      const source: IngestSource = { protocol: 'osmand', remoteAddress: request.ip };
      const unknown: string[] = [];
      const result = parseOsmand({
        query: request.query as Record<string, string | string[] | undefined>,
        body: (request.body as string | undefined) ?? null,
        contentType: request.headers['content-type'],
        now: clock(),
        naiveTimeOffsetMinutes,
        isKnownTracker: (id) => pipeline.isKnownTracker(id) || (unknown.push(id), false),
      });
      // Traccar Client's heartbeat (no coordinates): the device is alive; nothing is stored. A 400 here
      // would make the app retry the same request for ever and send nothing else.
      if (result.ok === 'heartbeat') return reply.code(200).send();
      if (!result.ok) {
        const id = unknown[0];
        if (id !== undefined) {
          pipeline.noteUnknownTracker(id, source);
          // Once per id, and a few lines a minute at most: a flood of random ids cannot flood the log.
          if (!unknownLogged.has(id)) {
            if (unknownLogged.size < 10_000) unknownLogged.add(id);
            const suppressed = limiter.allow('unregistered');
            if (suppressed !== null)
              logger.warn(
                { trackerId: id, remote: request.ip, ...(suppressed > 0 ? { suppressed } : {}) },
                'osmand: unregistered tracker',
              );
          }
        }
        return reply.code(400).type('application/problem+json').send(bad(result.field, result.message));
      }
      try {
        const stored = await pipeline.ingest([result.position], source);
        const dropped = stored.dropped[0];
        if (dropped?.reason === 'unknown-tracker')
          return reply.code(400).type('application/problem+json').send(bad('id', 'unknown tracker'));
        // A value the database could never hold: resending would never succeed.
        if (dropped?.field)
          return reply
            .code(400)
            .type('application/problem+json')
            .send(bad(dropped.field, dropped.message ?? 'cannot be stored'));
      } catch (err) {
        const suppressed = limiter.allow('ingest');
        if (suppressed !== null) logger.warn({ err, suppressed }, 'osmand: storing failed');
        // The client keeps the fix and sends it again; Retry-After says when (a database restart).
        const unavailable = isDatabaseUnavailable(err);
        return reply
          .code(503)
          .header('retry-after', '5')
          .type('application/problem+json')
          .send({
            title: 'Service unavailable',
            status: 503,
            detail: 'Storing the position failed; send it again',
            code: unavailable ? 'DATABASE_UNAVAILABLE' : 'INTERNAL',
          });
      }
      // A dropped duplicate or outdated fix is still answered 200: resending it would not help.
      return reply.code(200).send();
    },
  });

  return {
    app,
    async listen(port, host = '0.0.0.0') {
      await app.listen({ port, host });
      return app.server.address() as AddressInfo;
    },
    connections: () =>
      new Promise((resolve) => app.server.getConnections((err, count) => resolve(err ? 0 : count))),
    close: () => app.close(),
  };
}
