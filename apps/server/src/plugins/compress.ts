import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** From this size brotli works at quality 1: a few thousand vehicles' tracking snapshot, a long list. */
export const FAST_BROTLI_FROM_BYTES = 1024 * 1024;

/**
 * Brotli's quality for an answer of `size` bytes. Quality 4 up to a megabyte; above it quality 1, which
 * compresses a 10,000-vehicle snapshot (3.4 MB) in ~21 ms to 491 kB, against ~96 ms to 449 kB at 4: the
 * 42 kB more cross a 20 Mbit/s link in ~17 ms, and the map gets its vehicles sooner
 * (docs/performance.md).
 */
export function brotliQuality(size: number): number {
  return size >= FAST_BROTLI_FROM_BYTES ? 1 : 4;
}
const COMPRESSIBLE = /^(?:application\/(?:[a-z.+-]*\+)?json|text\/|application\/(?:javascript|xml))/i;

/** `br` if the client takes it, else `gzip`, else nothing (a `q=0` refuses an encoding). */
function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compresses answers built in memory (JSON, problems, text) above `COMPRESS_MIN_BYTES` for clients that
 * accept it: brotli (`brotliQuality`, off the event loop in zlib's thread pool) or gzip. Streams (the web app's files, which are precompressed at build,
 * downloads) and the live WebSocket (permessage-deflate, plugins/live.ts) are left alone.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_MIN_BYTES || reply.getHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding|\*/i.test(String(vary)))
      reply.header('vary', `${String(vary)}, accept-encoding`);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: brotliQuality(size),
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gz(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
