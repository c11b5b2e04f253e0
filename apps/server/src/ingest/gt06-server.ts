import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import {
  decodeGt06Frame,
  gt06AckFor,
  gt06TimeReply,
  Gt06FrameSplitter,
  toPositions,
  type Gt06Message,
  type Position,
} from '@pantau/protocols';
import { createLogLimiter } from './log-limit.js';
import type { IngestSource, Pipeline } from './types.js';

export interface Gt06ServerOptions {
  pipeline: Pipeline;
  logger: FastifyBaseLogger;
  /** Connections beyond this are refused (default 20,000). */
  maxConnections?: number;
  /** A peer silent this long is disconnected (default 10 minutes; trackers send a heartbeat every 3–5). */
  idleTimeoutMs?: number;
  /**
   * A frame whose length byte claims more than the device sent is cut at its `0D 0A` once the peer has
   * been quiet this long (default 1,000 ms): the device waits for the answer and sends nothing more.
   */
  quietFlushMs?: number;
  clock?: () => Date;
}

export interface Gt06Stats {
  connections: number;
  frames: number;
  positions: number;
  malformed: number;
  /** Frames of a kind the decoder does not know: not acked. */
  unanswered: number;
  ingestFailures: number;
}

export interface Gt06Server {
  listen(port: number, host?: string): Promise<AddressInfo>;
  /** Stops accepting, lets each connection finish the frames it is storing, then closes them. */
  close(graceMs?: number): Promise<void>;
  stats(): Gt06Stats;
}

/** A frame that turned into positions, with the ack owed once they are stored. */
interface PendingAck {
  positions: Position[];
  ack: Uint8Array | null;
}

/**
 * The GT06 (Concox) TCP listener (research/anchors.md §5.2), behaving like Traccar's: a login is
 * acked only for a registered IMEI, nothing is answered before a login, and a location or alarm is
 * acked only after the pipeline has durably stored it — when storing fails the ack is withheld and
 * the device sends the fix again. Consecutive location frames that arrive together are stored in one
 * `ingest` call (devices flush their buffer after a signal loss that way).
 *
 * A fix the pipeline refuses for good (coordinates out of range, a value the database cannot hold) is
 * acked like a stored one: resending it would never succeed and would hold the device's buffer back. A
 * frame the decoder does not know is never acked (it may carry a fix Pantau could not read); a status
 * or cell/WiFi scan carries no fix and is answered once applied.
 */
export function createGt06Server(options: Gt06ServerOptions): Gt06Server {
  const { pipeline } = options;
  const log = options.logger.child({ listener: 'gt06' });
  const clock = options.clock ?? (() => new Date());
  const idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60_000;
  const limiter = createLogLimiter();
  const unknownLogged = new Set<string>();
  const sockets = new Set<Socket>();
  const idleWaiters = new Map<Socket, () => void>();
  const busy = new Set<Socket>();
  const quietFlushMs = options.quietFlushMs ?? 1_000;
  const stats: Gt06Stats = {
    connections: 0,
    frames: 0,
    positions: 0,
    malformed: 0,
    unanswered: 0,
    ingestFailures: 0,
  };

  const warn = (key: string, obj: Record<string, unknown>, msg: string) => {
    const suppressed = limiter.allow(key);
    if (suppressed !== null) log.warn(suppressed > 0 ? { ...obj, suppressed } : obj, msg);
  };

  function handleConnection(socket: Socket) {
    sockets.add(socket);
    stats.connections = sockets.size;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    socket.setTimeout(idleTimeoutMs, () => socket.destroy());
    const remote = socket.remoteAddress ?? null;
    const source: IngestSource = { protocol: 'gt06', remoteAddress: remote };
    const splitter = new Gt06FrameSplitter();
    const queue: Uint8Array[] = [];
    let imei: string | null = null;
    let timezoneOffsetMinutes = 0;
    let processing = false;

    const write = (bytes: Uint8Array) => {
      if (!socket.destroyed && socket.writable) socket.write(bytes);
    };

    /** Stores the positions of the frames gathered so far, then sends their acks in order. */
    async function flush(pending: PendingAck[]) {
      if (pending.length === 0) return;
      const positions = pending.flatMap((p) => p.positions);
      try {
        if (positions.length > 0) await pipeline.ingest(positions, source);
      } catch (err) {
        stats.ingestFailures++;
        warn('ingest', { err, imei, positions: positions.length }, 'gt06: storing failed; not acked');
        pending.length = 0;
        return;
      }
      stats.positions += positions.length;
      // One write for the whole burst: a syscall per ack is most of the listener's cost under load.
      const acks = pending.flatMap((p) => (p.ack ? [p.ack] : []));
      if (acks.length > 0) write(acks.length === 1 ? acks[0]! : Buffer.concat(acks));
      pending.length = 0;
    }

    function onLogin(message: Extract<Gt06Message, { kind: 'login' }>) {
      if (!pipeline.isKnownTracker(message.imei)) {
        imei = null;
        pipeline.noteUnknownTracker(message.imei, source);
        // Once per IMEI, and a few lines a minute at most: a flood of random ids cannot flood the log.
        if (!unknownLogged.has(message.imei)) {
          if (unknownLogged.size < 10_000) unknownLogged.add(message.imei);
          warn(
            'unregistered',
            { imei: message.imei, remote },
            'gt06: login from an unregistered tracker; not acked',
          );
        }
        return;
      }
      imei = message.imei;
      timezoneOffsetMinutes = message.timezoneOffsetMinutes ?? 0;
      log.debug({ imei, remote }, 'gt06: login');
      const ack = gt06AckFor(message);
      if (ack) write(ack);
    }

    async function processQueue() {
      const pending: PendingAck[] = [];
      while (queue.length > 0) {
        const frame = queue.shift()!;
        stats.frames++;
        const message = decodeGt06Frame(frame, { timezoneOffsetMinutes });
        if (message.kind === 'malformed') {
          stats.malformed++;
          warn(
            `malformed:${remote}`,
            { remote, imei, reason: message.reason, protocol: message.protocol },
            'gt06: malformed frame dropped',
          );
          continue;
        }
        if (message.kind === 'login') {
          await flush(pending);
          onLogin(message);
          continue;
        }
        // As Traccar does: nothing is answered until a login has bound the connection to a tracker.
        if (imei === null) continue;
        if (message.kind === 'gps' || message.kind === 'alarm') {
          pending.push({ positions: toPositions(message, imei), ack: gt06AckFor(message) });
          continue;
        }
        await flush(pending);
        if (message.kind === 'timeRequest') write(gt06TimeReply(clock()));
        else if (message.kind === 'status') {
          // A heartbeat's ACC bit and alarm reach the live state (ignition counts, the alarm rule);
          // if that fails the status is not acked, so the device sends it (and its alarm) again.
          const applied = await pipeline
            .reportStatus(imei, { ignition: message.ignition, alarm: message.alarm }, source)
            .then(
              () => true,
              (err: unknown) => (warn('status', { err, imei }, 'gt06: status not applied; not acked'), false),
            );
          const ack = applied ? gt06AckFor(message) : null;
          if (ack) write(ack);
        } else {
          const ack = gt06AckFor(message);
          if (ack) write(ack);
          else if (message.kind === 'unknown' && message.content !== '') {
            stats.unanswered++;
            warn(
              `unknown:${remote}`,
              { remote, imei, protocol: message.protocol, extended: message.extended },
              'gt06: frame of an unknown kind; not acked',
            );
          }
        }
      }
      await flush(pending);
    }

    async function drain() {
      if (processing) return;
      processing = true;
      busy.add(socket);
      // Backpressure: read nothing more from this peer until what it sent is stored and answered.
      socket.pause();
      try {
        while (queue.length > 0) await processQueue();
      } catch (err) {
        warn('internal', { err, imei }, 'gt06: connection handler failed');
      } finally {
        processing = false;
        busy.delete(socket);
        idleWaiters.get(socket)?.();
        if (!socket.destroyed) socket.resume();
      }
    }

    // A frame whose length byte claims more than was sent waits for the peer to go quiet.
    let quietTimer: NodeJS.Timeout | null = null;
    const onQuiet = () => {
      quietTimer = null;
      const frames = splitter.flush();
      if (frames.length === 0) return;
      queue.push(...frames);
      void drain();
    };

    socket.on('data', (chunk: Buffer) => {
      if (quietTimer) clearTimeout(quietTimer);
      quietTimer = null;
      const frames = splitter.push(chunk);
      if (splitter.bufferedBytes > 0) quietTimer = setTimeout(onQuiet, quietFlushMs);
      if (frames.length === 0) return;
      queue.push(...frames);
      void drain();
    });
    socket.on('error', (err) => log.debug({ err, remote, imei }, 'gt06: socket error'));
    socket.on('close', () => {
      if (quietTimer) clearTimeout(quietTimer);
      sockets.delete(socket);
      stats.connections = sockets.size;
      idleWaiters.get(socket)?.();
    });
  }

  const server: Server = createServer({ noDelay: true }, handleConnection);
  server.maxConnections = options.maxConnections ?? 20_000;
  server.on('drop', (data) =>
    warn('drop', { remote: data?.remoteAddress }, 'gt06: connection refused: too many connections'),
  );
  server.on('error', (err) => log.error({ err }, 'gt06: listener error'));

  return {
    listen(port, host = '0.0.0.0') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo);
        });
      });
    },
    async close(graceMs = 5_000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const settle = [...sockets].map(async (socket) => {
        if (busy.has(socket)) {
          await new Promise<void>((resolve) => {
            idleWaiters.set(socket, resolve);
            setTimeout(resolve, graceMs).unref();
          });
        }
        socket.end();
        setTimeout(() => socket.destroy(), 1_000).unref();
      });
      await Promise.all(settle);
      await closed;
    },
    stats: () => ({ ...stats }),
  };
}
