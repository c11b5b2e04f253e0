import { createHmac, randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import { SignJWT, jwtVerify } from 'jose';
import {
  EXPORT_TOKEN_TTL_S,
  reportsOf,
  type ExportFormat,
  type ExportTokenAnswer,
  type ExportTokenRequest,
  type ExportName,
} from '@pantau/contracts';
import { ExportLinkInvalidError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import type { CellContext, ExportDefinition, ExportRegistry, Language } from './export-definition.js';
import { writeExport } from './export-writer.js';
import type { ExportsRepo } from './exports.repo.js';

/** What a link carries: who asked, as which role, for what. */
interface ExportClaims {
  userId: number;
  unitId: number;
  role: string;
  report: ExportName;
  format: ExportFormat;
  query: Record<string, string | string[]>;
  language: Language;
  timeZone: string;
}

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** `2026-11-01`: the day an ISO instant falls on in the time zone, for the file's name. */
const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

/**
 * Exports of reports as files: the page asks for a link (`token`), which is signed (HS256, with a key of
 * its own derived from the server's secret, so it is never an API token), lives two minutes and is good
 * for one download; the download streams the file as it is read from the database.
 */
export function createExportsService(deps: {
  exportsRepo: ExportsRepo;
  registry: ExportRegistry;
  secret: string;
  clock: () => Date;
}) {
  const { exportsRepo, registry, clock } = deps;
  const key = createHmac('sha256', deps.secret).update('pantau export links').digest();

  function definitionOf(report: ExportName, role: string): ExportDefinition {
    const def = registry.get(report);
    const readable = def?.readableBy ?? ((r: string) => (reportsOf(r) as readonly string[]).includes(report));
    if (!readable(role)) throw new ForbiddenError('Your role has no access to this report');
    if (!def) throw new NotFoundError('This report has no export');
    return def;
  }

  /** The report's query, checked as its list checks it; errors name `query.<field>`. */
  async function parsedQuery(def: ExportDefinition, unitId: number, query: ExportClaims['query']) {
    const parsed = def.query.safeParse(query);
    if (!parsed.success)
      throw new ValidationError(
        'The report query is not valid',
        parsed.error.issues.map((i) => ({ path: ['query', ...i.path].join('.'), message: i.message })),
      );
    await def.check?.(unitId, parsed.data);
    return parsed.data;
  }

  return {
    async issue(
      actor: { userId: number; unitId: number; role: string },
      request: ExportTokenRequest,
    ): Promise<ExportTokenAnswer> {
      const def = definitionOf(request.report, actor.role);
      await parsedQuery(def, actor.unitId, request.query);
      if (request.timeZone !== undefined && !isTimeZone(request.timeZone))
        throw new ValidationError('Unknown time zone', [{ path: 'timeZone', message: 'Unknown time zone' }]);
      const timeZone = request.timeZone ?? (await exportsRepo.timeZoneOf(actor.unitId)) ?? 'Asia/Jakarta';
      const now = Math.floor(clock().getTime() / 1000);
      const claims: Omit<ExportClaims, 'userId'> = {
        unitId: actor.unitId,
        role: actor.role,
        report: request.report,
        format: request.format,
        query: request.query,
        language: request.language,
        timeZone,
      };
      const token = await new SignJWT({ x: claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(actor.userId))
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt(now)
        .setExpirationTime(now + EXPORT_TOKEN_TTL_S)
        .sign(key);
      return {
        token,
        url: `/api/export?token=${token}`,
        expiresAt: new Date((now + EXPORT_TOKEN_TTL_S) * 1000).toISOString(),
      };
    },

    /**
     * Checks and spends a link, then answers what the download needs: the file's name and type and a
     * function that writes it. Refuses (410) a bad, expired or used link, or one whose user no longer
     * holds the role.
     */
    async open(token: string) {
      let claims: ExportClaims;
      let jti: string;
      let expiresAt: Date;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock(),
          requiredClaims: ['sub', 'exp', 'jti'],
        });
        claims = { ...(payload.x as Omit<ExportClaims, 'userId'>), userId: Number(payload.sub) };
        jti = payload.jti!;
        expiresAt = new Date(payload.exp! * 1000);
      } catch {
        throw new ExportLinkInvalidError();
      }
      if (!(await exportsRepo.holdsRole(claims.userId, claims.unitId, claims.role)))
        throw new ExportLinkInvalidError();
      const def = definitionOf(claims.report, claims.role);
      const query = await parsedQuery(def, claims.unitId, claims.query);
      if (!(await exportsRepo.consume(jti, expiresAt))) throw new ExportLinkInvalidError();

      const { from, to } = query as { from?: string; to?: string };
      // The period's end is exclusive: the name gives its last day, as the page shows the period.
      const lastDay = (end: string) =>
        new Date(Math.max(Date.parse(from!), Date.parse(end) - 1)).toISOString();
      const period =
        from && to ? `_${dayIn(from, claims.timeZone)}_${dayIn(lastDay(to), claims.timeZone)}` : '';
      const ctx: CellContext = { language: claims.language, timeZone: claims.timeZone };
      return {
        fileName: `${def.fileName}${period}.${claims.format}`,
        contentType:
          claims.format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        write: (out: Writable) => writeExport(out, def, claims.unitId, query, claims.format, ctx),
      };
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
