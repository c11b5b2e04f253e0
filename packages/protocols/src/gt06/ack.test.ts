import { describe, expect, it } from 'vitest';
import { toHexUpper } from '../test-support/gt06-fixtures.js';
import { gt06Ack, gt06AckFor, gt06TimeReply } from './ack.js';
import { decodeGt06Frame } from './decoder.js';
import { crc16X25 } from './crc.js';
import type { Gt06Message } from './messages.js';

describe('gt06Ack', () => {
  it.each([
    [0x01, 1, '787805010001D9DC0D0A'],
    [0x12, 477, '7878051201DDB6140D0A'],
    [0xa0, 1773, '787805A006EDF5650D0A'],
    [0x13, 0xffff, `78780513FFFF${crc(0x05, 0x13, 0xff, 0xff)}0D0A`],
  ])('protocol %i serial %i → %s', (protocol, serial, hex) => {
    expect(toHexUpper(gt06Ack(protocol, serial))).toBe(hex);
  });
});

function crc(...bytes: number[]): string {
  return crc16X25(Uint8Array.from(bytes)).toString(16).toUpperCase().padStart(4, '0');
}

describe('gt06AckFor', () => {
  const header = { protocol: 0x42, serial: 7, crcOk: true, extended: false };
  const cases: [string, Gt06Message, boolean][] = [
    // It may carry a fix the decoder could not read: the device must keep it and send it again.
    ['an unknown short frame with a body', { ...header, kind: 'unknown', content: '01' }, false],
    ['a body-less frame (the device echoing an ack)', { ...header, kind: 'unknown', content: '' }, false],
    ['a command number echoed back', { ...header, protocol: 0x80, kind: 'unknown', content: '01' }, false],
    ['an extended frame', { ...header, extended: true, kind: 'unknown', content: '01' }, false],
    ['a time request (answered by gt06TimeReply)', { ...header, protocol: 0x8a, kind: 'timeRequest' }, false],
    [
      'a command reply',
      { ...header, protocol: 0x15, kind: 'commandReply', serverFlag: 0, text: 'OK' },
      false,
    ],
  ];
  it.each(cases)('%s → ack %s', (_name, message, acked) => {
    const ack = gt06AckFor(message);
    expect(ack === null ? null : toHexUpper(ack)).toBe(
      acked ? toHexUpper(gt06Ack(message.protocol, 7)) : null,
    );
  });
});

describe('gt06TimeReply', () => {
  it('answers 0x8A with the UTC time, serial 0 and a valid CRC', () => {
    const reply = gt06TimeReply(new Date('2026-01-02T03:04:05Z'));
    const expected = `78780B8A1A01020304050000${crc(0x0b, 0x8a, 26, 1, 2, 3, 4, 5, 0, 0)}0D0A`;
    expect(toHexUpper(reply)).toBe(expected);
    expect(decodeGt06Frame(reply)).toMatchObject({ kind: 'timeRequest', serial: 0, crcOk: true });
  });
});

describe('acks are well-formed frames', () => {
  it.each([
    [0x01, 1],
    [0x27, 0],
    [0xa0, 0xffff],
  ])('protocol %i serial %i decodes with a matching CRC', (protocol, serial) => {
    expect(decodeGt06Frame(gt06Ack(protocol, serial))).toMatchObject({ protocol, serial, crcOk: true });
  });
});
