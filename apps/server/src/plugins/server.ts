import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { version, type Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { createHitCounter, type HitCounter } from '../db/hit-counter.js';
import { registerCompression } from './compress.js';
import { problemServerOptions, registerErrorHandling } from './errors.js';
import { hitCounterStore } from './rate-limit-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The query handle every repo takes. */
    db: Db;
    /** The database itself: its kind and whether it answers (the health check). */
    database: Database;
    clock: () => Date;
    /** Hits per key counted in the database, shared by every instance (rate limits). */
    hits: HitCounter;
  }
}

/** The server's log: pino at `config.logLevel`, pretty on a TTY (main.ts logs with it before the app exists). */
export function createLogger(config: Pick<Config, 'logLevel'>): FastifyBaseLogger {
  return pino({
    level: config.logLevel,
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  });
}

export interface ServerDeps {
  config: Config;
  database: Database;
  /** A pino logger; default: one at `config.logLevel`, pretty on a TTY. */
  logger?: FastifyBaseLogger | undefined;
  clock?: (() => Date) | undefined;
}

/**
 * The HTTP server the modules register on: logging, validation with the contracts' zod schemas, errors
 * as problem+json, compression, cookies, security headers, rate limits and the OpenAPI docs; decorated
 * with what every module may take (`config`, `db`, `database`, `clock`).
 */
export async function createServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    ...problemServerOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerCompression(app);

  // An empty JSON body (a bodiless POST with a JSON content type) is no body, not a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd styles with CSS-in-JS at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for the configurable map tile and style URLs.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Plain-HTTP installs on a LAN are normal: never rewrite same-origin requests to https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const clock = deps.clock ?? (() => new Date());
  const hits = createHitCounter(deps.database.db, clock);
  // Counted in the database, so a limit holds across instances; a database that fails the count
  // does not fail the request for it (the route answers for itself).
  await app.register(fastifyRateLimit, {
    global: false,
    store: hitCounterStore(hits, clock),
    skipOnError: true,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Pantau API',
        version,
        description: 'Fleet tracking dashboard API. Errors are application/problem+json.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  app.decorate('database', deps.database);
  app.decorate('clock', clock);
  app.decorate('hits', hits);
  return app;
}
