import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { DashboardSummary, LiveMessage, TrackingItem, TrackingPatch } from '@pantau/contracts';
import type { LiveBus, LiveEvent } from './live-events.js';
import { patchesOf, patchOf } from './live-changes.js';

/**
 * Fan-out of live events to the connections of a unit. Each instance delivers to its own connections
 * what it publishes and, on PostgreSQL, what the other instances publish (a `LiveBus`: LISTEN/NOTIFY,
 * DESIGN.md §1); the pipeline and the socket route only see this interface.
 */
export interface LiveHub {
  publish(event: LiveEvent): void;
  /**
   * Adds a connection of `unitId`; answers the function that removes it. With `changes` it gets
   * `moves` (only what changed) for the vehicles it already had whole in `positions`. With `snapshot`
   * too it gets no vehicles until it names the snapshot it holds (`named`), or until `snapshotWaitMs`.
   */
  connect(unitId: number, socket: WebSocket, options?: { changes?: boolean; snapshot?: boolean }): () => void;
  /**
   * A snapshot of the unit's vehicles, about to be answered (`GET /api/tracking?live=1`), built from
   * the newest states in the same turn (no await between): answers the items to send and a token for
   * them. A socket that names the token then gets only what changes from them.
   */
  adopt(unitId: number, items: readonly TrackingItem[]): { items: TrackingItem[]; snapshot: string };
  /**
   * A `snapshot=1` socket names the snapshot it holds (null: none). A token this hub answered, not
   * used yet, makes its vehicles known to the socket, and what changed since comes at once in `moves`;
   * otherwise the socket gets every vehicle whole once, as a `changes` socket does.
   */
  named(unitId: number, socket: WebSocket, token: string | null): void;
  /** Open connections (for tests and metrics). */
  connections(): number;
  /**
   * Where the dashboard groups of a unit come from (the dashboard module); they are computed when they
   * changed, at most once per flush. Until it is set no summary is sent.
   */
  summariseWith(summaryOf: (unitId: number) => Promise<DashboardSummary>): void;
  /** Resolves once the hub hears the other instances (or once its first try failed; it keeps trying). */
  listening(): Promise<void>;
  close(): Promise<void>;
}

export interface LiveHubOptions {
  onError(err: unknown): void;
  /** Positions and summaries go out at most this often (default 1,000 ms). */
  flushMs?: number;
  /** Keepalive interval (default 25 s). */
  pingMs?: number;
  /** A connection with more unsent bytes than this is dropped, not buffered further (default 2 MB). */
  maxBufferedBytes?: number;
  /** How long a `snapshot` socket waits to name its snapshot before it gets vehicles whole (10 s). */
  snapshotWaitMs?: number;
  /** The other instances (PostgreSQL); without it the hub serves this process only (PGlite). */
  bus?: LiveBus | null;
}

/** A snapshot answered with a token: the items as answered, until a socket names it or it expires. */
interface Baseline {
  items: TrackingItem[];
  expires: number;
}

/** How long a snapshot's token can be named: its download and parse on a slow phone link. */
const BASELINE_TTL_MS = 60_000;

interface UnitChannel {
  sockets: Set<WebSocket>;
  /** The sockets that take `moves`, with the vehicles each has had whole. */
  known: Map<WebSocket, Set<number>>;
  /** `snapshot` sockets that have not named theirs yet, with the time they stop waiting. */
  held: Map<WebSocket, number>;
  /** Snapshots answered and not yet named, by token. */
  baselines: Map<string, Baseline>;
  /** Each vehicle's newest item since the last flush (built when the flush sends it). */
  positions: Map<number, () => TrackingItem>;
  /** Each vehicle's item as the last flush sent it: what the next `moves` are changes from. */
  sent: Map<number, TrackingItem>;
  summaryDirty: boolean;
}

export function createLiveHub(opts: LiveHubOptions): LiveHub {
  const flushMs = opts.flushMs ?? 1000;
  const pingMs = opts.pingMs ?? 25_000;
  const maxBuffered = opts.maxBufferedBytes ?? 2 * 1024 * 1024;
  const snapshotWaitMs = opts.snapshotWaitMs ?? 10_000;
  const units = new Map<number, UnitChannel>();
  let summaryOf: ((unitId: number) => Promise<DashboardSummary>) | null = null;

  const channel = (unitId: number) => {
    let c = units.get(unitId);
    if (!c) {
      c = {
        sockets: new Set(),
        known: new Map(),
        held: new Map(),
        baselines: new Map(),
        positions: new Map(),
        sent: new Map(),
        summaryDirty: false,
      };
      units.set(unitId, c);
    }
    return c;
  };

  function sendTo(c: UnitChannel, socket: WebSocket, text: string) {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      // A consumer that cannot keep up is cut off; its client reconnects and refetches snapshots.
      c.sockets.delete(socket);
      c.known.delete(socket);
      c.held.delete(socket);
      socket.terminate();
      return;
    }
    socket.send(text);
  }
  function send(c: UnitChannel, text: string) {
    for (const socket of c.sockets) sendTo(c, socket, text);
  }
  const encode = (m: LiveMessage) => JSON.stringify(m);

  /**
   * One flush's vehicles: whole items to the sockets that want them and for the vehicles a socket has
   * not had yet; to the others only what changed since the last flush (one text shared by them).
   */
  function sendPositions(c: UnitChannel, items: TrackingItem[]) {
    let whole: string | undefined;
    let moves: string | null | undefined;
    const now = Date.now();
    for (const socket of [...c.sockets]) {
      const until = c.held.get(socket);
      if (until !== undefined) {
        // Its snapshot is on its way: what changed since comes when the socket names it.
        if (now < until) continue;
        c.held.delete(socket);
      }
      const known = c.known.get(socket);
      if (!known) {
        sendTo(c, socket, (whole ??= encode({ type: 'positions', data: items })));
        continue;
      }
      const fresh = items.filter((i) => !known.has(i.kendaraanId));
      if (fresh.length > 0) {
        const text =
          fresh.length === items.length
            ? (whole ??= encode({ type: 'positions', data: items }))
            : encode({ type: 'positions', data: fresh });
        sendTo(c, socket, text);
        for (const i of fresh) known.add(i.kendaraanId);
        if (fresh.length === items.length) continue;
      }
      if (moves === undefined) {
        const patches = patchesOf(items, c.sent);
        moves = patches.length > 0 ? encode({ type: 'moves', data: patches }) : null;
      }
      if (moves !== null) sendTo(c, socket, moves);
    }
    for (const i of items) c.sent.set(i.kendaraanId, i);
  }

  async function flush() {
    const now = Date.now();
    for (const [unitId, c] of units) {
      for (const [token, b] of c.baselines) if (b.expires <= now) c.baselines.delete(token);
      if (c.sockets.size === 0 && c.baselines.size === 0) {
        units.delete(unitId);
        continue;
      }
      if (c.positions.size > 0) {
        const items = Array.from(c.positions.values(), (item) => item());
        c.positions.clear();
        sendPositions(c, items);
      }
      if (c.summaryDirty && summaryOf) {
        c.summaryDirty = false;
        try {
          send(c, encode({ type: 'summary', data: await summaryOf(unitId) }));
        } catch (err) {
          opts.onError(err);
        }
      }
    }
  }

  let flushing = false;
  const flushTimer = setInterval(() => {
    if (flushing) return;
    flushing = true;
    flush()
      .catch(opts.onError)
      .finally(() => (flushing = false));
  }, flushMs);
  const pingTimer = setInterval(() => {
    const text = encode({ type: 'ping', data: { serverTime: new Date().toISOString() } });
    for (const c of units.values()) send(c, text);
  }, pingMs);
  flushTimer.unref();
  pingTimer.unref();

  /** Into the unit's next flush (positions, summary) or out at once (a notification). */
  function deliver(event: LiveEvent) {
    const c = units.get(event.unitId);
    if (!c) return;
    // Nobody of this unit is listening here, nor about to: nothing to keep. A channel that misses an
    // event no longer knows what was sent, so it goes (`adopt` takes its `sent` as the truth).
    if (c.sockets.size === 0 && c.baselines.size === 0) {
      units.delete(event.unitId);
      return;
    }
    if (event.type === 'positions')
      for (const item of event.items) c.positions.set(item.kendaraanId, () => item);
    else if (event.type === 'moved') for (const m of event.vehicles) c.positions.set(m.kendaraanId, m.item);
    else if (event.type === 'summary') c.summaryDirty = true;
    else send(c, encode({ type: 'notification', data: event.data }));
  }

  const bus = opts.bus ?? null;
  // After a gap in what the other instances sent, the clients resynchronise: a client whose socket
  // closes reconnects and refetches its snapshots (1012: the service restarted).
  const heard =
    bus?.listen({
      deliver,
      onGap: () => {
        for (const c of units.values()) for (const s of c.sockets) s.close(1012, 'live updates resumed');
      },
    }) ?? Promise.resolve();

  return {
    publish(event) {
      deliver(event);
      bus?.send(event);
    },
    listening: () => heard,
    connect(unitId, socket, options) {
      const c = channel(unitId);
      c.sockets.add(socket);
      if (options?.changes) c.known.set(socket, new Set());
      if (options?.changes && options.snapshot) c.held.set(socket, Date.now() + snapshotWaitMs);
      return () => {
        c.sockets.delete(socket);
        c.known.delete(socket);
        c.held.delete(socket);
      };
    },
    adopt(unitId, snapshot) {
      const c = channel(unitId);
      const items = snapshot.map((item) => {
        const id = item.kendaraanId;
        // Built from the newest state, so newer than anything waiting for the flush.
        if (c.positions.has(id)) c.positions.set(id, () => item);
        const sent = c.sent.get(id);
        if (!sent) c.sent.set(id, item);
        else if (patchOf(item, sent) === null) return sent;
        else c.positions.set(id, () => item);
        return item;
      });
      const token = randomUUID();
      c.baselines.set(token, { items, expires: Date.now() + BASELINE_TTL_MS });
      return { items, snapshot: token };
    },
    named(unitId, socket, token) {
      const c = units.get(unitId);
      // Named twice, or too late (it has had vehicles whole since): nothing to do.
      if (!c?.held.delete(socket)) return;
      const baseline = token === null ? undefined : c.baselines.get(token);
      const known = c.known.get(socket);
      if (!baseline || !known || token === null) return;
      c.baselines.delete(token);
      const changed: TrackingPatch[] = [];
      for (const item of baseline.items) {
        const id = item.kendaraanId;
        known.add(id);
        // What the socket will hold after the next flush; that flush's `moves` then change nothing more.
        const next = c.positions.get(id)?.() ?? c.sent.get(id);
        const patch = next && next !== item ? patchOf(next, item) : null;
        if (patch) changed.push(patch);
      }
      if (changed.length > 0) sendTo(c, socket, encode({ type: 'moves', data: changed }));
    },
    connections: () => [...units.values()].reduce((n, c) => n + c.sockets.size, 0),
    summariseWith(source) {
      summaryOf = source;
    },
    async close() {
      clearInterval(flushTimer);
      clearInterval(pingTimer);
      for (const c of units.values()) for (const s of c.sockets) s.close(1001, 'server shutting down');
      units.clear();
      await bus?.close();
    },
  };
}
