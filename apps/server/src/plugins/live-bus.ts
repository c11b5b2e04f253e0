import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Notification, TrackingItem } from '@pantau/contracts';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { decodeLiveEvents, encodeLiveEvents } from './live-codec.js';
import type { LiveBus, LiveEvent, WireLiveEvent } from './live-events.js';

/** The NOTIFY channel of the live fan-out (one per database). */
export const LIVE_CHANNEL = 'pantau_live';
/**
 * The listening connections' `application_name`: an instance that sees no other one listening sends
 * no positions (most installations run one instance; a second's positions are most of the cost).
 */
export const LISTENER_NAME = 'pantau-live';
/** Notifications kept for the other instances while the database is unreachable; older ones are dropped. */
const MAX_PENDING_NOTIFICATIONS = 1_000;

export interface PostgresLiveBusDeps {
  /** Sends the NOTIFYs (the pool). */
  db: Db;
  /** A new, unconnected client of the same database, used for LISTEN only. */
  newClient(): pg.Client;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** What was published is sent at most this often (default 1,000 ms, the hub's flush). */
  intervalMs?: number;
  /** A lost LISTEN connection is tried again after 250 ms, doubling up to this (default 10 s). */
  maxBackoffMs?: number;
  /** The LISTEN connection is checked this often (default 15 s), so a silently dead one is replaced. */
  heartbeatMs?: number;
}

/**
 * The live fan-out between instances on PostgreSQL (DESIGN.md §1). What this instance publishes is
 * gathered for `intervalMs` (a vehicle's newest item only) and sent as NOTIFYs in one statement;
 * a dedicated connection LISTENs and hands the other instances' events to the hub. While the database
 * is unreachable what is pending is kept and sent once it is back; the listening connection comes back
 * by itself and reports the gap.
 */
export function createPostgresLiveBus(deps: PostgresLiveBusDeps): LiveBus {
  const sender = randomBytes(6).toString('base64url');
  const own = `${sender}:`;
  const intervalMs = deps.intervalMs ?? 1000;
  const maxBackoffMs = deps.maxBackoffMs ?? 10_000;
  const heartbeatMs = deps.heartbeatMs ?? 15_000;
  const { logger } = deps;

  /** Per unit, each vehicle's newest item (built when sent). */
  let positions = new Map<number, Map<number, () => TrackingItem>>();
  let notifications: { unitId: number; data: Notification }[] = [];
  let summaries = new Set<number>();
  let charsRatio: number | undefined;
  let sending: Promise<void> | null = null;
  let sendFailing = false;
  let closed = false;

  function take(): WireLiveEvent[] {
    const events: WireLiveEvent[] = [];
    for (const [unitId, items] of positions)
      events.push({ type: 'positions', unitId, items: Array.from(items.values(), (item) => item()) });
    for (const n of notifications) events.push({ type: 'notification', ...n });
    for (const unitId of summaries) events.push({ type: 'summary', unitId });
    positions = new Map();
    notifications = [];
    summaries = new Set();
    return events;
  }

  /** Puts back what could not be sent, behind anything newer published meanwhile. */
  function putBack(events: readonly WireLiveEvent[]) {
    const later = notifications;
    notifications = [];
    for (const e of events) {
      if (e.type === 'positions') {
        let items = positions.get(e.unitId);
        if (!items) positions.set(e.unitId, (items = new Map()));
        for (const item of e.items) if (!items.has(item.kendaraanId)) items.set(item.kendaraanId, () => item);
      } else if (e.type === 'notification') notifications.push({ unitId: e.unitId, data: e.data });
      else summaries.add(e.unitId);
    }
    notifications.push(...later);
    if (notifications.length > MAX_PENDING_NOTIFICATIONS)
      notifications = notifications.slice(-MAX_PENDING_NOTIFICATIONS);
  }

  /** The backend of this instance's listening connection, once it listens. */
  let ownListener: number | null = null;

  /**
   * Whether another instance listens now. Unknown (not listening yet, or the question failed)
   * counts as yes. Asked before each send, so a newcomer misses at most a send's positions, and
   * never a notification: those always go.
   */
  async function othersListen(): Promise<boolean> {
    if (ownListener === null) return true;
    try {
      const result = await deps.db.execute(
        sql`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
              AND application_name = ${LISTENER_NAME} AND pid <> ${ownListener}) AS others`,
      );
      return rowsOf<{ others: boolean }>(result)[0]?.others !== false;
    } catch {
      return true;
    }
  }

  async function sendPending() {
    if (positions.size > 0 && !(await othersListen())) positions = new Map();
    if (positions.size === 0 && notifications.length === 0 && summaries.size === 0) return;
    const events = take();
    let payloads: string[];
    try {
      const encoded = encodeLiveEvents(sender, events, charsRatio ? { charsRatio } : {});
      payloads = encoded.payloads;
      charsRatio = encoded.charsRatio;
    } catch (err) {
      logger.error({ err }, 'live fan-out: events could not be encoded');
      return;
    }
    try {
      await deps.db.execute(
        sql`SELECT pg_notify(${LIVE_CHANNEL}, p) FROM json_array_elements_text(${JSON.stringify(payloads)}::json) AS p`,
      );
      if (sendFailing) logger.info('live fan-out: sending to the other instances again');
      sendFailing = false;
    } catch (err) {
      if (!sendFailing) logger.warn({ err }, 'live fan-out: sending failed; kept for the next try');
      sendFailing = true;
      putBack(events);
    }
  }

  const sendTimer = setInterval(() => {
    if (sending) return;
    sending = sendPending().finally(() => (sending = null));
  }, intervalMs);
  sendTimer.unref();

  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let wakeRetry: (() => void) | null = null;
  let listening: Promise<void> | null = null;

  /** Listens until closed: connect, LISTEN, wait for the connection to be lost, back off, again. */
  async function listenLoop(
    handlers: { deliver(event: LiveEvent): void; onGap(): void },
    firstAttempt: () => void,
  ) {
    let attempt = 0;
    let connectedBefore = false;
    while (!closed) {
      const c = deps.newClient();
      client = c;
      let lost!: () => void;
      const gone = new Promise<void>((resolve) => (lost = resolve));
      c.on('error', (err) => {
        if (!closed) logger.warn({ err }, 'live fan-out: the listening connection failed');
        lost();
      });
      c.on('end', () => lost());
      c.on('notification', (message) => {
        // Its own payloads come back too: skipped before they are inflated.
        if (message.channel !== LIVE_CHANNEL || !message.payload || message.payload.startsWith(own)) return;
        const decoded = decodeLiveEvents(message.payload);
        if (!decoded) return;
        for (const event of decoded.events) handlers.deliver(event);
      });
      let heartbeat: NodeJS.Timeout | null = null;
      try {
        await c.connect();
        await c.query(`SET application_name = '${LISTENER_NAME}'; LISTEN ${LIVE_CHANNEL}`);
        if (closed) break;
        ownListener = (c as unknown as { processID: number | null }).processID;
        if (connectedBefore) {
          logger.info('live fan-out: listening again');
          handlers.onGap();
        }
        connectedBefore = true;
        attempt = 0;
        firstAttempt();
        heartbeat = setInterval(() => {
          const check = c.query('SELECT 1');
          const timeout = setTimeout(() => lost(), 5_000);
          check.then(
            () => clearTimeout(timeout),
            () => lost(),
          );
        }, heartbeatMs);
        heartbeat.unref();
        await gone;
      } catch (err) {
        if (!closed && attempt === 0) logger.warn({ err }, 'live fan-out: cannot listen; retrying');
      } finally {
        if (heartbeat) clearInterval(heartbeat);
        firstAttempt();
        client = null;
        ownListener = null;
        c.end().catch(() => undefined);
      }
      if (closed) break;
      const delay = Math.min(maxBackoffMs, 250 * 2 ** attempt++);
      await new Promise<void>((resolve) => {
        wakeRetry = resolve;
        retryTimer = setTimeout(resolve, delay);
      });
    }
  }

  return {
    send(event) {
      if (closed) return;
      if (event.type === 'positions' || event.type === 'moved') {
        let items = positions.get(event.unitId);
        if (!items) positions.set(event.unitId, (items = new Map()));
        if (event.type === 'moved') for (const m of event.vehicles) items.set(m.kendaraanId, m.item);
        else for (const item of event.items) items.set(item.kendaraanId, () => item);
      } else if (event.type === 'notification') {
        notifications.push({ unitId: event.unitId, data: event.data });
        if (notifications.length > MAX_PENDING_NOTIFICATIONS) notifications.shift();
      } else summaries.add(event.unitId);
    },
    listen(handlers) {
      let started!: () => void;
      const first = new Promise<void>((resolve) => (started = resolve));
      listening ??= listenLoop(handlers, started).catch((err: unknown) =>
        logger.error({ err }, 'live fan-out: listening stopped'),
      );
      return first;
    },
    async close() {
      closed = true;
      clearInterval(sendTimer);
      if (retryTimer) clearTimeout(retryTimer);
      wakeRetry?.();
      await sending;
      // What was published last still reaches the others, if the database answers.
      await sendPending().catch(() => undefined);
      await client?.end().catch(() => undefined);
      await listening;
    },
  };
}
