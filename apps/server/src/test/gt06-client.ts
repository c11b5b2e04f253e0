import { connect, type Socket } from 'node:net';
import { crc16X25, Gt06FrameSplitter } from '@pantau/protocols';

/** A short (`7878`) frame with a correct CRC-16/X.25, as a device builds it. */
export function gt06Frame(protocol: number, content: readonly number[], serial: number): Buffer {
  const length = 1 + content.length + 2 + 2;
  const bytes = Buffer.alloc(length + 5);
  bytes[0] = 0x78;
  bytes[1] = 0x78;
  bytes[2] = length;
  bytes[3] = protocol;
  Buffer.from(content).copy(bytes, 4);
  bytes.writeUInt16BE(serial & 0xffff, 4 + content.length);
  bytes.writeUInt16BE(crc16X25(bytes, 2, 4 + content.length + 2), 6 + content.length);
  bytes[length + 3] = 0x0d;
  bytes[length + 4] = 0x0a;
  return bytes;
}

/** 0x01 login: the IMEI as 8 BCD bytes (a leading 0 and 15 digits) and type id 0x3620. */
export function gt06Login(imei: string, serial = 1): Buffer {
  const bcd = `0${imei}`.match(/../g)!.map((pair) => parseInt(pair, 16));
  return gt06Frame(0x01, [...bcd, 0x36, 0x20], serial);
}

export interface Gt06Fix {
  time: Date;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  ignition?: boolean;
  satellites?: number;
}

/** 0x22 GPS+LBS with ACC, upload mode and re-upload bytes (the common 2G layout). */
export function gt06Gps(fix: Gt06Fix, serial: number): Buffer {
  const t = fix.time;
  const word =
    (Math.round(fix.course) & 0x3ff) |
    (fix.lat >= 0 ? 0x400 : 0) |
    (fix.lon < 0 ? 0x800 : 0) |
    0x1000 |
    (fix.ignition === undefined ? 0 : 0x4000 | (fix.ignition ? 0x8000 : 0));
  const u32 = (v: number) => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
  const content = [
    t.getUTCFullYear() - 2000,
    t.getUTCMonth() + 1,
    t.getUTCDate(),
    t.getUTCHours(),
    t.getUTCMinutes(),
    t.getUTCSeconds(),
    0xc0 | (fix.satellites ?? 9),
    ...u32(Math.round(Math.abs(fix.lat) * 1_800_000)),
    ...u32(Math.round(Math.abs(fix.lon) * 1_800_000)),
    Math.min(255, Math.round(fix.speedKmh)),
    (word >> 8) & 0xff,
    word & 0xff,
    // LBS: MCC 510 (Indonesia), MNC 10, LAC, cell id
    0x01,
    0xfe,
    0x0a,
    0x12,
    0x34,
    0x00,
    0x56,
    0x78,
    fix.ignition ? 1 : 0,
    0x00,
    0x00,
  ];
  return gt06Frame(0x22, content, serial);
}

/** 0x13 heartbeat: terminal info (ACC bit 1), voltage level, GSM signal, alarm/language. */
export const gt06Heartbeat = (serial: number, ignition = false) =>
  gt06Frame(0x13, [ignition ? 0x46 : 0x44, 0x06, 0x04, 0x00, 0x02], serial);

/** A tracker on a real TCP connection: sends frames and collects the server's replies. */
export class Gt06TestClient {
  readonly replies: Buffer[] = [];
  private readonly splitter = new Gt06FrameSplitter();
  private waiters: { count: number; resolve: () => void }[] = [];
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => {
      for (const frame of this.splitter.push(chunk)) this.replies.push(Buffer.from(frame));
      this.waiters = this.waiters.filter((w) => {
        if (this.replies.length < w.count) return true;
        w.resolve();
        return false;
      });
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => {});
  }

  static connect(port: number, host = '127.0.0.1'): Promise<Gt06TestClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host, noDelay: true }, () => resolve(new Gt06TestClient(socket)));
      socket.once('error', reject);
    });
  }

  send(bytes: Uint8Array) {
    this.socket.write(bytes);
  }

  /** Resolves when `count` replies in total have arrived, or rejects after `timeoutMs`. */
  waitForReplies(count: number, timeoutMs = 5_000): Promise<void> {
    if (this.replies.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.replies.length} of ${count} replies after ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  close() {
    this.socket.destroy();
  }
}
