import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shareLinks, users, vehicles } from '../../db/schema/index.js';

const linkColumns = {
  shareLinkId: shareLinks.shareLinkId,
  kendaraanId: shareLinks.vehicleId,
  nomorPolisi: vehicles.plateNumber,
  note: shareLinks.note,
  createdBy: users.username,
  createdAt: shareLinks.createdAt,
  expiresAt: shareLinks.expiresAt,
  revokedAt: shareLinks.revokedAt,
};
export type ShareLinkRecord = {
  shareLinkId: number;
  kendaraanId: number;
  nomorPolisi: string;
  note: string | null;
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

/** Share links of a unit; the token itself is never stored, only its sha256. */
export function createShareRepo(db: Db) {
  const select = (tx: Db) =>
    tx
      .select(linkColumns)
      .from(shareLinks)
      .innerJoin(vehicles, eq(vehicles.vehicleId, shareLinks.vehicleId))
      .leftJoin(users, eq(users.userId, shareLinks.createdBy));

  return {
    async vehicleOfUnit(tx: Db, unitId: number, vehicleId: number) {
      const [row] = await tx
        .select({ vehicleId: vehicles.vehicleId, plate: vehicles.plateNumber })
        .from(vehicles)
        .where(and(eq(vehicles.vehicleId, vehicleId), eq(vehicles.unitId, unitId)));
      return row;
    },

    async insert(
      tx: Db,
      values: {
        unitId: number;
        vehicleId: number;
        tokenHash: string;
        note: string | null;
        createdBy: number;
        createdAt: Date;
        expiresAt: Date;
      },
    ): Promise<number> {
      const [row] = await tx.insert(shareLinks).values(values).returning({ id: shareLinks.shareLinkId });
      return row!.id;
    },

    async linkOfUnit(tx: Db, unitId: number, shareLinkId: number): Promise<ShareLinkRecord | undefined> {
      const [row] = await select(tx).where(
        and(eq(shareLinks.shareLinkId, shareLinkId), eq(shareLinks.unitId, unitId)),
      );
      return row;
    },

    /** The unit's links (of one vehicle when asked), newest first. */
    async pageOfUnit(unitId: number, vehicleId: number | undefined, take: number, skip: number) {
      const where = and(
        eq(shareLinks.unitId, unitId),
        vehicleId === undefined ? undefined : eq(shareLinks.vehicleId, vehicleId),
      );
      const [total] = await db.select({ n: count() }).from(shareLinks).where(where);
      const rows = await select(db)
        .where(where)
        .orderBy(desc(shareLinks.createdAt), desc(shareLinks.shareLinkId))
        .limit(take)
        .offset(skip);
      return { count: total?.n ?? 0, rows };
    },

    async revoke(tx: Db, shareLinkId: number, at: Date) {
      await tx.update(shareLinks).set({ revokedAt: at }).where(eq(shareLinks.shareLinkId, shareLinkId));
    },

    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          vehicleId: shareLinks.vehicleId,
          expiresAt: shareLinks.expiresAt,
          revokedAt: shareLinks.revokedAt,
        })
        .from(shareLinks)
        .where(eq(shareLinks.tokenHash, tokenHash));
      return row;
    },
  };
}
export type ShareRepo = ReturnType<typeof createShareRepo>;
