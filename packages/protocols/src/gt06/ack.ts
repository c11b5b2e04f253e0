import { crc16X25 } from './crc.js';
import type { Gt06Message } from './messages.js';

/** `78 78 05 <protocol> <serial> <crc> 0D 0A`: the acknowledgement the server sends back. */
export function gt06Ack(protocol: number, serial: number): Uint8Array {
  return shortFrame(protocol, [], serial);
}

/** `79 79 00 05 <protocol> <serial> <crc> 0D 0A`: the acknowledgement of an extended frame. */
export function gt06ExtendedAck(protocol: number, serial: number): Uint8Array {
  const out = new Uint8Array(11);
  out.set([0x79, 0x79, 0x00, 0x05, protocol & 0xff, (serial >> 8) & 0xff, serial & 0xff], 0);
  const crc = crc16X25(out, 2, 7);
  out.set([crc >> 8, crc & 0xff, 0x0d, 0x0a], 7);
  return out;
}

/**
 * The answer a decoded message calls for, or null. The device deletes what was answered, so:
 *
 * - a message with a fix (`gps`, `alarm`) is answered only once its position is stored — the caller
 *   sends this after storing, never before;
 * - a login is answered only for a known tracker (the caller decides);
 * - messages that carry no fix are answered at once: a status/heartbeat (after its ACC and alarm are
 *   applied), a cell/WiFi scan (0x17/0x69 with the device's time echoed, as it expects);
 * - never answered: frames the decoder does not know (they may carry a fix Pantau could not read, so
 *   the device must keep it), command replies, info and serial-data frames, photo frames, the server's
 *   own command numbers echoed back, and body-less frames (a device echoing an ack).
 *
 * Extended (`7979`) frames with a fix or status get a `7979` ack, except the modular report 0x70,
 * which the reference server answers with a short one. 0x2A (address request, a fix) is answered with
 * an empty address, as the reference server does.
 */
export function gt06AckFor(message: Gt06Message): Uint8Array | null {
  switch (message.kind) {
    case 'login':
      return message.extended ? null : gt06Ack(message.protocol, message.serial);
    case 'gps':
    case 'alarm':
    case 'status':
      if (message.extended) {
        return message.protocol === 0x70
          ? gt06Ack(message.protocol, message.serial)
          : gt06ExtendedAck(message.protocol, message.serial);
      }
      if (message.protocol === 0x2a) return gt06AddressReply();
      return gt06Ack(message.protocol, message.serial);
    case 'network':
      if (message.extended || message.protocol === 0xf3) return null;
      if (message.wifiReplyTime !== null) return wifiReply(message.protocol, message.wifiReplyTime);
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

/** `79 79 … 97 <len> 00000000 "NA&&NA&&0##" …`: "no address" for a 0x2A address request. */
function gt06AddressReply(): Uint8Array {
  const text = Array.from('NA&&NA&&0##', (c) => c.charCodeAt(0));
  const content = [text.length, 0, 0, 0, 0, ...text];
  const length = 5 + content.length;
  const out = new Uint8Array(length + 6);
  out.set([0x79, 0x79, length >> 8, length & 0xff, 0x97, ...content, 0, 0], 0);
  const crc = crc16X25(out, 2, length + 2);
  out.set([crc >> 8, crc & 0xff, 0x0d, 0x0a], length + 2);
  return out;
}

/** `78 78 00 <type> <6 BCD time bytes> 0D 0A`: what a WiFi report (0x17/0x69) expects back. */
function wifiReply(protocol: number, timeHex: string): Uint8Array {
  const time = timeHex.match(/../g)!.map((pair) => parseInt(pair, 16));
  return Uint8Array.from([0x78, 0x78, 0x00, protocol, ...time, 0x0d, 0x0a]);
}

function shortFrame(protocol: number, content: number[], serial: number): Uint8Array {
  const length = 5 + content.length;
  const out = new Uint8Array(length + 5);
  out.set([0x78, 0x78, length, protocol & 0xff, ...content, (serial >> 8) & 0xff, serial & 0xff], 0);
  const crc = crc16X25(out, 2, length + 1);
  out.set([crc >> 8, crc & 0xff, 0x0d, 0x0a], length + 1);
  return out;
}
