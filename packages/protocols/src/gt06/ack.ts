import { crc16X25 } from './crc.js';
import type { Gt06Message } from './messages.js';

/** `78 78 05 <protocol> <serial> <crc> 0D 0A`: the acknowledgement the server sends back. */
export function gt06Ack(protocol: number, serial: number): Uint8Array {
  return shortFrame(protocol, [], serial);
}

/** The command numbers the server itself sends; a device echoing one is never answered. */
const COMMAND_PROTOCOLS = new Set([0x80, 0x81, 0x82]);

/**
 * The ack a decoded message calls for, or null. Send it only after the data is stored (the device
 * deletes what was acked), and answer a login only when the IMEI belongs to a known tracker — an
 * unknown device then keeps retrying instead of streaming data nobody stores.
 *
 * - login, location, alarm and status/heartbeat frames are acked;
 * - other short frames the decoder does not know are acked too (as the reference server does), so
 *   the device does not resend them for ever, except the command numbers 0x80–0x82;
 * - not acked: a time request (answer with `gt06TimeReply` instead), a command reply, extended
 *   (`7979`) frames, and body-less frames, which are the device echoing an ack.
 */
export function gt06AckFor(message: Gt06Message): Uint8Array | null {
  if (message.extended) return null;
  switch (message.kind) {
    case 'login':
    case 'gps':
    case 'alarm':
    case 'status':
      return gt06Ack(message.protocol, message.serial);
    case 'unknown':
      if (message.content === '' || COMMAND_PROTOCOLS.has(message.protocol)) return null;
      return gt06Ack(message.protocol, message.serial);
    default:
      return null;
  }
}

/** Answer to a 0x8A time request: `78 78 0B 8A YY MM DD hh mm ss 00 00 <crc> 0D 0A`, in UTC. */
export function gt06TimeReply(now: Date): Uint8Array {
  const time = [
    now.getUTCFullYear() - 2000,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  ];
  return shortFrame(0x8a, time, 0);
}

function shortFrame(protocol: number, content: number[], serial: number): Uint8Array {
  const length = 5 + content.length;
  const out = new Uint8Array(length + 5);
  out.set([0x78, 0x78, length, protocol & 0xff, ...content, (serial >> 8) & 0xff, serial & 0xff], 0);
  const crc = crc16X25(out, 2, length + 1);
  out.set([crc >> 8, crc & 0xff, 0x0d, 0x0a], length + 1);
  return out;
}
