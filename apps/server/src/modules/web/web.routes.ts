import { stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FLEET_PAGES, TRACKING_SNAPSHOT_URL } from '@pantau/contracts';
import { problemOf, sendProblem } from '../../plugins/errors.js';
import { accessRedirect } from './access-redirect.js';

/**
 * Pages with their own light build (apps/web/signed-out.html: no map, no antd stylesheet, none of the
 * app's pages), sent instead of index.html when the build has it.
 */
const SIGNED_OUT_HTML_PAGES = new Set(['/signin', '/signup', '/forgot']);
const normalisePage = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';

/**
 * On a page that shows the live fleet, the browser is told with the page to fetch the tracking snapshot
 * the page will ask for: found in the response's header, it is requested before the page's own files,
 * which otherwise hold every connection the browser opens to the server (six over HTTP/1.1) while the
 * snapshot waits behind them. Same URL, credentials and mode as the page's request, which takes it.
 */
const SNAPSHOT_PRELOAD = `<${TRACKING_SNAPSHOT_URL}>; rel=preload; as=fetch; crossorigin=use-credentials`;
const fleetPages = new Set<string>(FLEET_PAGES);

const isFile = async (path: string) => (await stat(path).catch(() => null))?.isFile() ?? false;

/**
 * Serves the built web app: existing files as they are (`/assets/*` cached for a year, they carry a
 * content hash), every other page as index.html after the access redirects of spec §2. The build writes
 * a brotli and a gzip copy beside each text file (apps/web/precompress.ts); the one the browser accepts
 * is sent (`Vary: Accept-Encoding`), the plain file otherwise.
 */
export function webRoutes(deps: { webDist: string }) {
  const root = normalize(deps.webDist);
  const indexFile = join(root, 'index.html');
  const signedOutFile = join(root, 'signed-out.html');

  return async function routes(app: FastifyInstance) {
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

    async function page(request: FastifyRequest, reply: FastifyReply) {
      let path: string;
      try {
        path = decodeURIComponent(request.url.split('?')[0] ?? '/');
      } catch {
        return sendProblem(reply, problemOf('VALIDATION', 'Malformed URL'));
      }
      if (path === '/api' || path.startsWith('/api/'))
        return sendProblem(reply, problemOf('NOT_FOUND', `No route ${request.method} ${path}`));

      const file = normalize(join(root, path));
      if (
        file.startsWith(root + sep) &&
        file !== indexFile &&
        file !== signedOutFile &&
        (await isFile(file))
      ) {
        const immutable = path.startsWith('/assets/');
        return reply.sendFile(file.slice(root.length + 1), {
          maxAge: immutable ? 365 * 86_400_000 : 0,
          immutable,
          cacheControl: true,
        });
      }

      const { user, role } = await app.resolveAccess(request);
      const target = accessRedirect({ path, hasToken: user !== null, hasRole: role !== null });
      if (target) return reply.redirect(target, 302);

      if (!(await isFile(indexFile)))
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send(
            `The web app is not built (no ${indexFile}). Run \`npm run build\` in the repository root, then reload.\n`,
          );
      reply.header('cache-control', 'no-cache');
      if (SIGNED_OUT_HTML_PAGES.has(normalisePage(path)) && (await isFile(signedOutFile)))
        return reply.sendFile('signed-out.html', { cacheControl: false });
      if (role !== null && fleetPages.has(normalisePage(path))) reply.header('link', SNAPSHOT_PRELOAD);
      return reply.sendFile('index.html', { cacheControl: false });
    }

    app.get('/', { config: { auth: 'public' }, schema: { hide: true } }, page);
    app.get('/*', { config: { auth: 'public' }, schema: { hide: true } }, page);
  };
}
