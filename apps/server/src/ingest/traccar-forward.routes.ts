import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../errors.js';
import { tokenOf } from '../plugins/auth.js';
import { positionFromTraccar, traccarForwardBody } from './traccar-forward.js';
import type { IngestSource, Pipeline } from './types.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `POST /api/ingest/traccar`: Traccar's JSON position forwarding, so an operator who already runs
 * Traccar feeds Pantau without touching the trackers. In traccar.xml:
 * `forward.enable=true`, `forward.type=json`, `forward.url=https://<pantau>/api/ingest/traccar`,
 * `forward.header=Authorization: Bearer <PANTAU_FORWARD_TOKEN>` (and `forward.retry.enable=true`).
 * It is not a user endpoint: it takes the shared forwarding token instead of a sign-in, and is off
 * (404) until PANTAU_FORWARD_TOKEN is set.
 */
export function traccarForwardRoutes(deps: {
  pipeline: Pipeline;
  forwardToken: string | undefined;
}): FastifyPluginAsyncZod {
  const expected = deps.forwardToken ? digest(deps.forwardToken) : null;
  return async (app) => {
    app.post(
      '/traccar',
      {
        config: { auth: 'public' },
        // The token is checked before the body: a caller without it learns nothing about the format.
        preValidation: async (request) => {
          if (!expected) throw new NotFoundError('Traccar forwarding is off: set PANTAU_FORWARD_TOKEN');
          const given = request.headers.authorization ? tokenOf(request) : undefined;
          if (!given) throw new UnauthenticatedError('Send Authorization: Bearer <PANTAU_FORWARD_TOKEN>');
          if (!timingSafeEqual(digest(given), expected)) throw new ForbiddenError('Wrong forwarding token');
        },
        schema: {
          tags: ['ingest'],
          summary: "Traccar's JSON position forwarding (Bearer PANTAU_FORWARD_TOKEN)",
          body: traccarForwardBody,
          response: {
            200: z.object({
              stored: z.number().int(),
              dropped: z.array(z.object({ trackerId: z.string(), reason: z.string() })),
            }),
          },
        },
      },
      async (request) => {
        const position = positionFromTraccar(request.body);
        const source: IngestSource = { protocol: 'traccar', remoteAddress: request.ip };
        if (!deps.pipeline.isKnownTracker(position.trackerId)) {
          // Answered 200: Traccar would retry an error for ever, and the device is simply not in Pantau.
          deps.pipeline.noteUnknownTracker(position.trackerId, source);
          return { stored: 0, dropped: [{ trackerId: position.trackerId, reason: 'unknown-tracker' }] };
        }
        return deps.pipeline.ingest([position], source);
      },
    );
  };
}
