import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  idParam,
  importRequest,
  importResponse,
  problem,
  type ImportRequest,
  type ImportResponse,
} from '@pantau/contracts';
import { actorOf, type Actor } from './actor.js';

/** Most rows an export (the list's .xlsx download) answers at once. */
export const EXPORT_MAX_ROWS = 10_000;

const errors = { 400: problem, 401: problem, 403: problem };
const writeErrors = { ...errors, 404: problem, 409: problem };

/** What a managed resource's routes call; every read and write is scoped to the chosen unit. */
export interface ResourceService<Query, Row, Input> {
  /** One page of the unit's rows matching the query: `{ count, results }`. */
  search(unitId: number, query: Query): Promise<{ count: number; results: Row[] }>;
  get(unitId: number, id: number): Promise<Row>;
  create(actor: Actor, unitId: number, input: Input): Promise<Row>;
  /** A dry run checks only; otherwise every row is stored, or none (400). */
  importRows(actor: Actor, unitId: number, request: ImportRequest): Promise<ImportResponse>;
  /** Replaces every field. */
  update(actor: Actor, unitId: number, id: number, input: Input): Promise<Row>;
  /** DELETE: the row stays, inactive, with its history. */
  deactivate(actor: Actor, unitId: number, id: number): Promise<Row>;
}

/** A managed resource over HTTP: its paths, schemas (from the contracts) and route summaries. */
export interface Resource<Query extends z.ZodObject, Row extends z.ZodType, Input extends z.ZodType> {
  /** The list's path (`/kendaraan`); one row is at `<path>/:<idName>`, the import at `<path>/import`. */
  path: string;
  /** The export's path (`/reports/kendaraan`): every row of the list with its filters and sort. */
  exportPath: string;
  idName: string;
  tag: string;
  /** Who may read: any role of the unit, or only its Administrators. Writes are the Administrator's. */
  read: 'role' | 'admin';
  query: Query;
  list: z.ZodType;
  row: Row;
  input: Input;
  summaries: Record<'list' | 'export' | 'get' | 'create' | 'import' | 'update' | 'deactivate', string>;
}

/**
 * The routes every managed resource has, alike in paths, paging, errors and roles: the list (search,
 * filters, sort, Take/Skip), its export (the same query, every row up to `EXPORT_MAX_ROWS`), one row,
 * create (201), import with a checked preview (`dryRun`: 200; stored: 201), replace and deactivate.
 */
export function resourceRoutes<Query extends z.ZodObject, Row extends z.ZodType, Input extends z.ZodType>(
  resource: Resource<Query, Row, Input>,
  service: ResourceService<z.output<Query>, z.output<Row>, z.output<Input>>,
) {
  const { path, idName, tag, summaries: summary } = resource;
  const params = z.object({ [idName]: idParam() });
  const exportQuery = resource.query.extend({
    Take: z.coerce.number().int().min(1).max(EXPORT_MAX_ROWS).default(EXPORT_MAX_ROWS),
  });
  const read = { auth: resource.read };
  const admin = { auth: 'admin' as const };
  // The schemas validate every request; these read its values as the service takes them.
  const query = (request: FastifyRequest) => request.query as z.output<Query>;
  const body = (request: FastifyRequest) => request.body as z.output<Input>;
  const idOf = (request: FastifyRequest) => (request.params as Record<string, number>)[idName]!;
  const unitOf = (request: FastifyRequest) => request.role.unitId;

  // Generic over the resource's schemas, so typed through the readers above rather than the type provider.
  return async function routes(app: FastifyInstance) {
    const listResponse = { 200: resource.list, ...errors };

    app.get(
      path,
      {
        config: read,
        schema: { tags: [tag], summary: summary.list, querystring: resource.query, response: listResponse },
      },
      async (request) => service.search(unitOf(request), query(request)),
    );

    app.get(
      resource.exportPath,
      {
        config: read,
        schema: { tags: [tag], summary: summary.export, querystring: exportQuery, response: listResponse },
      },
      async (request) => service.search(unitOf(request), query(request)),
    );

    app.get(
      `${path}/:${idName}`,
      {
        config: read,
        schema: {
          tags: [tag],
          summary: summary.get,
          params,
          response: { 200: resource.row, ...errors, 404: problem },
        },
      },
      async (request) => service.get(unitOf(request), idOf(request)),
    );

    app.post(
      path,
      {
        config: admin,
        schema: {
          tags: [tag],
          summary: summary.create,
          body: resource.input,
          response: { 201: resource.row, ...writeErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(actorOf(request), unitOf(request), body(request))),
    );

    app.post(
      `${path}/import`,
      {
        config: admin,
        schema: {
          tags: [tag],
          summary: summary.import,
          body: importRequest,
          response: { 200: importResponse, 201: importResponse, ...writeErrors },
        },
      },
      async (request, reply) => {
        const importing = request.body as ImportRequest;
        const result = await service.importRows(actorOf(request), unitOf(request), importing);
        return reply.code(importing.dryRun ? 200 : 201).send(result);
      },
    );

    app.put(
      `${path}/:${idName}`,
      {
        config: admin,
        schema: {
          tags: [tag],
          summary: summary.update,
          params,
          body: resource.input,
          response: { 200: resource.row, ...writeErrors },
        },
      },
      async (request) => service.update(actorOf(request), unitOf(request), idOf(request), body(request)),
    );

    app.delete(
      `${path}/:${idName}`,
      {
        config: admin,
        schema: {
          tags: [tag],
          summary: summary.deactivate,
          params,
          response: { 200: resource.row, ...writeErrors },
        },
      },
      async (request) => service.deactivate(actorOf(request), unitOf(request), idOf(request)),
    );
  };
}
