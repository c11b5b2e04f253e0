import { connect, type Socket } from 'node:net';
import { Gt06FrameSplitter } from '@pantau/protocols';
import { gt06Gps, gt06Login } from './gt06-client.js';

/**
 * A GT06 tracker as the devices behave: every fix goes into a buffer and stays there until the
 * server acks it; a fix not acked within `resendAfterMs` is sent again, and a dropped connection is
 * opened again (after `reconnectMs`), logged in, and the whole buffer sent again. Counts what the
 * server acked, by fix time.
 */
export class BufferingTracker {
  /** Fix times (ms) the server acked. */
  readonly acked = new Set<number>();
  /** Fixes made (each once, however often it was sent). */
  made = 0;
  /** Connections opened (1 + reconnects). */
  connections = 0;
  private readonly outbox = new Map<number, { fix: Date; sentAt: number }>();
  private readonly bySerial = new Map<number, number>();
  private socket: Socket | null = null;
  private loggedIn = false;
  private serial = 1;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private lon = 106.8;

  constructor(
    private readonly opts: {
      port: number;
      imei: string;
      host?: string;
      resendAfterMs?: number;
      reconnectMs?: number;
    },
  ) {}

  /** Fixes sent and not acked yet. */
  get unacked(): number {
    return this.outbox.size;
  }

  start(): void {
    this.open();
    this.timer = setInterval(() => this.resendLate(), 250);
    this.timer.unref();
  }

  /** Makes a fix at `time` and sends it (or keeps it until the connection is back). */
  record(time: Date): void {
    this.made++;
    this.lon += 0.0002;
    this.outbox.set(time.getTime(), { fix: time, sentAt: 0 });
    if (this.loggedIn) this.send(time.getTime());
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.socket?.destroy();
  }

  private nextSerial() {
    this.serial = this.serial >= 0xffff ? 2 : this.serial + 1;
    return this.serial;
  }

  private send(t: number) {
    const entry = this.outbox.get(t);
    if (!entry || !this.socket || this.socket.destroyed) return;
    const serial = this.nextSerial();
    this.bySerial.set(serial, t);
    entry.sentAt = Date.now();
    this.socket.write(
      gt06Gps(
        { time: entry.fix, lat: -6.2, lon: this.lon, speedKmh: 40, course: 90, ignition: true },
        serial,
      ),
    );
  }

  private resendLate() {
    if (!this.loggedIn) return;
    const late = Date.now() - (this.opts.resendAfterMs ?? 10_000);
    for (const [t, entry] of this.outbox) if (entry.sentAt < late) this.send(t);
  }

  private open() {
    if (this.stopped) return;
    this.connections++;
    this.loggedIn = false;
    const splitter = new Gt06FrameSplitter();
    const socket = connect({ port: this.opts.port, host: this.opts.host ?? '127.0.0.1', noDelay: true });
    this.socket = socket;
    socket.on('connect', () => socket.write(gt06Login(this.opts.imei, this.nextSerial())));
    socket.on('data', (chunk) => {
      for (const frame of splitter.push(chunk)) {
        if (frame[3] === 0x01) {
          this.loggedIn = true;
          for (const t of this.outbox.keys()) this.send(t);
          continue;
        }
        const serial = (frame[frame.length - 6]! << 8) | frame[frame.length - 5]!;
        const t = this.bySerial.get(serial);
        if (t === undefined) continue;
        this.bySerial.delete(serial);
        this.acked.add(t);
        this.outbox.delete(t);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.loggedIn = false;
      if (this.socket === socket && !this.stopped)
        setTimeout(() => this.open(), this.opts.reconnectMs ?? 1_000).unref();
    });
  }
}
