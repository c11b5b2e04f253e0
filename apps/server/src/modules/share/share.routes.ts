import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  text,
  problem,
  sharedVehicle,
  shareLinkCreated,
  shareLinkInput,
  shareLinkList,
  shareLinkQuery,
  shareLinkRow,
} from '@pantau/contracts';
import { unitActorOf as actorOf } from '../kit/actor.js';
import type { ShareService } from './share.service.js';

const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

/** Shared live location: /api/share-links… (Administrator), /api/share/{token} (anyone with the link). */
export function shareRoutes(deps: { shareService: ShareService; publicUrl: string | undefined }) {
  const { shareService } = deps;
  const originOf = (request: FastifyRequest) =>
    (deps.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/share-links',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['share'],
          summary: "Share a vehicle's live location (the answer is the only time the link is shown)",
          body: shareLinkInput,
          response: { 201: shareLinkCreated, ...errors },
        },
      },
      async (request, reply) => {
        const link = await shareService.create(actorOf(request), request.body);
        const url = `${originOf(request)}/preview-vehicle?token=${encodeURIComponent(link.token)}`;
        return reply.code(201).send({ ...link, url });
      },
    );

    app.get(
      '/share-links',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['share'],
          summary: "The unit's shared links (one vehicle's with kendaraanId), newest first",
          querystring: shareLinkQuery,
          response: { 200: shareLinkList, ...errors },
        },
      },
      async (request) => shareService.list(actorOf(request), request.query),
    );

    app.delete(
      '/share-links/:shareLinkId',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['share'],
          summary: 'Revoke a shared link at once',
          params: z.object({ shareLinkId: idParam() }),
          response: { 200: shareLinkRow, ...errors },
        },
      },
      async (request) => shareService.revoke(actorOf(request), request.params.shareLinkId),
    );

    app.get(
      '/share/:token',
      {
        config: { auth: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['share'],
          summary: 'The shared vehicle behind a link (no sign-in); 404 unknown, 410 expired or revoked',
          params: z.object({ token: text().max(200) }),
          response: { 200: sharedVehicle, 404: problem, 410: problem, 429: problem },
        },
      },
      async (request, reply) => {
        // Someone watching a vehicle should always see its newest position.
        reply.header('cache-control', 'no-store');
        return shareService.shared(request.params.token);
      },
    );
  };
}
