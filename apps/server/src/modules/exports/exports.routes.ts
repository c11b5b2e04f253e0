import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportTokenAnswer, exportTokenRequest, problem } from '@pantau/contracts';
import type { ExportsService } from './exports.service.js';

const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

/** `POST /api/export/token` (a link for one download) and `GET /api/export?token=` (the file). */
export function exportsRoutes({ exportsService }: { exportsService: ExportsService }) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/export/token',
      {
        config: { auth: 'role' },
        schema: {
          tags: ['export'],
          summary:
            'A link to download a report as .xlsx or .csv: valid two minutes, for one download; the query is the report list’s, without paging',
          body: exportTokenRequest,
          response: { 201: exportTokenAnswer, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await exportsService.issue(
              { userId: request.user.userId, unitId: request.role.unitId, role: request.role.role },
              request.body,
            ),
          ),
    );

    app.get(
      '/export',
      {
        config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['export'],
          summary: 'Download the file a link names, streamed as it is read (the link is spent)',
          querystring: z.object({ token: z.string().max(4096) }),
        },
      },
      async (request, reply) => {
        const file = await exportsService.open(request.query.token);
        const body = new PassThrough();
        file.write(body).catch((err: unknown) => {
          request.log.error({ err }, 'an export failed while it was written');
          body.destroy(err instanceof Error ? err : new Error(String(err)));
        });
        return reply
          .header('content-type', file.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
}
