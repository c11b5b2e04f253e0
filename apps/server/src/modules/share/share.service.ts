import { createHash, randomBytes } from 'node:crypto';
import type { ShareLinkRow, SharedVehicle } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { NotFoundError, ShareRefusedError } from '../../errors.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { UnitActor } from '../kit/actor.js';
import { inUnit } from '../kit/in-unit.js';
import type { TrackingService } from '../tracking/tracking.service.js';
import type { ShareLinkRecord, ShareRepo } from './share.repo.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** 32 random bytes as base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const HOUR_MS = 60 * 60_000;

export function statusOf(
  link: { expiresAt: Date; revokedAt: Date | null },
  now: Date,
): ShareLinkRow['status'] {
  if (link.revokedAt) return 'revoked';
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

export function createShareService(deps: {
  db: Db;
  shareRepo: ShareRepo;
  trackingService: Pick<TrackingService, 'itemOfVehicle'>;
  clock: () => Date;
}) {
  const { db, shareRepo, trackingService, clock } = deps;

  const rowOf = (link: ShareLinkRecord, now = clock()): ShareLinkRow => ({
    ...link,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt ? link.revokedAt.toISOString() : null,
    status: statusOf(link, now),
  });

  const linkOf = (tx: Db, actor: UnitActor, shareLinkId: number) =>
    inUnit(shareRepo.linkOfUnit(tx, actor.unitId, shareLinkId), 'link');

  return {
    /** A new link for a vehicle of the chosen unit; the only time its token is known. */
    async create(
      actor: UnitActor,
      input: { kendaraanId: number; expiresInHours: number; note: string | null },
    ): Promise<ShareLinkRow & { token: string }> {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      return db.transaction(async (tx) => {
        const vehicle = await inUnit(shareRepo.vehicleOfUnit(tx, actor.unitId, input.kendaraanId), 'vehicle');
        const expiresAt = new Date(now.getTime() + input.expiresInHours * HOUR_MS);
        const shareLinkId = await shareRepo.insert(tx, {
          unitId: actor.unitId,
          vehicleId: vehicle.vehicleId,
          tokenHash: sha256(token),
          note: input.note,
          createdBy: actor.userId,
          createdAt: now,
          expiresAt,
        });
        await recordAudit(tx, actor, {
          unitId: actor.unitId,
          action: 'create',
          entity: 'share_link',
          entityId: shareLinkId,
          label: vehicle.plate,
          changes: {
            kendaraanId: { from: null, to: vehicle.vehicleId },
            expiresAt: { from: null, to: expiresAt.toISOString() },
            ...(input.note ? { note: { from: null, to: input.note } } : {}),
          },
        });
        return { ...rowOf(await linkOf(tx, actor, shareLinkId), now), token };
      });
    },

    async list(actor: UnitActor, q: { kendaraanId?: number | undefined; Take: number; Skip: number }) {
      if (q.kendaraanId !== undefined && !(await shareRepo.vehicleOfUnit(db, actor.unitId, q.kendaraanId)))
        throw new NotFoundError('No such vehicle in this unit');
      const { count, rows } = await shareRepo.pageOfUnit(actor.unitId, q.kendaraanId, q.Take, q.Skip);
      const now = clock();
      return { count, results: rows.map((r) => rowOf(r, now)) };
    },

    /** Revokes a link at once (a link already revoked keeps its first revocation time). */
    async revoke(actor: UnitActor, shareLinkId: number): Promise<ShareLinkRow> {
      return db.transaction(async (tx) => {
        const link = await linkOf(tx, actor, shareLinkId);
        if (link.revokedAt) return rowOf(link);
        const at = clock();
        await shareRepo.revoke(tx, shareLinkId, at);
        await recordAudit(tx, actor, {
          unitId: actor.unitId,
          action: 'revoke',
          entity: 'share_link',
          entityId: shareLinkId,
          label: link.nomorPolisi,
          changes: { revokedAt: { from: null, to: at.toISOString() } },
        });
        return rowOf(await linkOf(tx, actor, shareLinkId));
      });
    },

    /** What a link shows without sign-in: the vehicle's plate, hull number and live state; nothing else. */
    async shared(token: string): Promise<SharedVehicle> {
      if (!TOKEN_PATTERN.test(token)) throw new ShareRefusedError('SHARE_NOT_FOUND');
      const link = await shareRepo.findByTokenHash(sha256(token));
      if (!link) throw new ShareRefusedError('SHARE_NOT_FOUND');
      const status = statusOf(link, clock());
      if (status === 'revoked') throw new ShareRefusedError('SHARE_REVOKED');
      if (status === 'expired') throw new ShareRefusedError('SHARE_EXPIRED');
      const item = await trackingService.itemOfVehicle(link.vehicleId);
      if (!item) throw new ShareRefusedError('SHARE_NOT_FOUND');
      return {
        nomorPolisi: item.nomorPolisi,
        nomorKendaraan: item.nomorKendaraan,
        vehicleClass: item.vehicleClass,
        lat: item.lat,
        lon: item.lon,
        speed: item.speed,
        course: item.course,
        fixTime: item.fixTime,
        gpsStatus: item.gpsStatus,
        motion: item.motion,
        location: item.location,
        place: item.place,
        expiresAt: link.expiresAt.toISOString(),
        // Destination and ETA come from work orders, which are not built yet.
        destination: null,
        eta: null,
      };
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
