import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { fromHex, loadGt06Fixtures, toHexUpper } from '../test-support/gt06-fixtures.js';
import { gt06AckFor } from './ack.js';
import { decodeGt06Frame } from './decoder.js';
import type { Gt06DecodeResult, Gt06Message } from './messages.js';
import { toPositions } from './positions.js';

const rows = loadGt06Fixtures();
const IMEI = '353419036066061';

/**
 * Acks where Pantau deliberately differs from the fixture's `expected_ack` column. 0x27 is an alarm
 * packet like 0x16/0x26 and the reference server acks it (research/anchors.md §5.2); the fixture
 * leaves the cell empty, the only alarm/location row without an ack.
 */
const ACK_OVERRIDES: Record<string, string> = { alarm27_lowbatt: '7878052700001DB70D0A' };

function ok(result: Gt06DecodeResult): Gt06Message {
  if (result.kind === 'malformed') throw new Error(`malformed: ${result.reason}`);
  return result;
}

/** What the reference test suite asserts for each capture (`asserted_by_reference_test`). */
const facts: Record<string, (m: Gt06Message, positions: Position[]) => void> = {
  login_a: (m) => expect(m).toMatchObject({ kind: 'login', imei: '123456789012345' }),
  login_b: (m) => expect(m).toMatchObject({ kind: 'login', imei: '353419036066061' }),
  login_tz: (m) =>
    expect(m).toMatchObject({
      kind: 'login',
      imei: '864717003664467',
      typeId: 0x100f,
      timezoneOffsetMinutes: -240,
    }),
  gps12_a: (_m, [p]) => expect(p).toMatchObject({ valid: true, fixTime: new Date('2015-10-20T14:21:11Z') }),
  gps12_b: (m, [p]) => {
    expect(p!.ignition).toBe(false);
    expect(m).toMatchObject({ kind: 'gps', status: { powerVoltage: 13.93 } });
  },
  gps12_c: (m, ps) => {
    expect(m.crcOk).toBe(false);
    expect(ps).toHaveLength(1);
  },
  gps10: (_m, ps) => expect(ps).toHaveLength(1),
  gps22_a: (_m, [p]) => expect(p).toMatchObject({ ignition: false, attributes: { archive: true } }),
  gps22_b: (_m, [p]) => expect(p).toMatchObject({ valid: false, ignition: true }),
  status13_a: (m) =>
    expect(m).toMatchObject({
      kind: 'status',
      status: {
        terminalInfo: 0x44,
        ignition: false,
        charging: true,
        voltageLevel: 6,
        batteryLevel: 100,
        gsmSignal: 4,
      },
      alarm: null,
    }),
  status13_b: (m) =>
    expect(m).toMatchObject({ kind: 'status', status: { powerVoltage: null, batteryVoltage: null } }),
  alarm16_sos: (_m, [p]) => expect(p!.alarm).toBe('sos'),
  alarm16_sos2: (_m, [p]) => expect(p!.alarm).toBe('sos'),
  alarm16_batt: (_m, [p]) => expect(p!.battery).toBe(93),
  alarm16_removing: (_m, [p]) => expect(p!.alarm).toBe('removing'),
  alarm26: (_m, [p]) =>
    expect(p).toMatchObject({ alarm: 'vibration', ignition: false, attributes: { charge: true } }),
  alarm27_lowbatt: (m, [p]) => {
    expect(m.crcOk).toBe(false);
    expect(p).toMatchObject({ alarm: 'lowBattery', attributes: { blocked: true } });
  },
  lbs19_lowbatt: (m) =>
    expect(m).toMatchObject({ kind: 'status', crcOk: false, alarm: 'lowBattery', cell: { mcc: 302 } }),
  heartbeat23: (m) =>
    expect(m).toMatchObject({
      kind: 'status',
      status: { ignition: false, batteryVoltage: 2.9, gsmSignal: 4 },
    }),
  time_request8a: (m) => expect(m.kind).toBe('timeRequest'),
  string15: (m) => expect(m).toMatchObject({ kind: 'commandReply', text: 'Restore fuel supply: Success!' }),
  info94_long: (m) =>
    expect(m).toMatchObject({ kind: 'info', extended: true, subType: 0x0b, powerVoltage: 7.39 }),
  gps_4g_a0: (_m, [p]) => expect(p!.ignition).toBe(false),
  empty12: (m) => expect(m).toMatchObject({ kind: 'unknown', content: '' }),
};

describe('decodeGt06Frame over every captured frame (test-support/gt06-frames.tsv)', () => {
  it('has a row for each frame and a fact check for each row', () => {
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(facts).sort());
  });

  it.each(rows)('$name', (row) => {
    const message = ok(decodeGt06Frame(fromHex(row.hex)));
    expect(message.protocol).toBe(row.protocol);
    expect(message.serial).toBe(row.serial);
    expect(message.crcOk).toBe(row.crcOk);
    expect(toHexUpper(gt06AckFor(message))).toBe(ACK_OVERRIDES[row.name] ?? row.expectedAck.toUpperCase());

    const positions = toPositions(message, IMEI);
    if (row.fixTimeUtc === '') {
      expect(positions).toEqual([]);
    } else {
      expect(positions).toHaveLength(1);
      const p = positions[0]!;
      expect(p.trackerId).toBe(IMEI);
      expect(p.fixTime.toISOString()).toBe(new Date(row.fixTimeUtc).toISOString());
      expect(p.valid).toBe(row.valid === 'true');
      expect(Math.abs(p.lat - Number(row.lat))).toBeLessThan(1e-4);
      expect(Math.abs(p.lon - Number(row.lon))).toBeLessThan(1e-4);
      expect(p.speedKmh).toBe(Number(row.speedKmh));
      expect(p.course).toBe(Number(row.course));
      expect(p.satellites).toBe(Number(row.satellites));
    }
    facts[row.name]!(message, positions);
  });
});

describe('frames with a wrong CRC', () => {
  const bad = rows.filter((r) => !r.crcOk);

  it('are decoded by default and marked crcOk: false', () => {
    expect(bad.map((r) => r.name)).toEqual(['gps12_c', 'alarm27_lowbatt', 'lbs19_lowbatt']);
    for (const row of bad) expect(ok(decodeGt06Frame(fromHex(row.hex))).crcOk).toBe(false);
    const [position] = toPositions(ok(decodeGt06Frame(fromHex(bad[0]!.hex))), IMEI);
    expect(position!.attributes.crcOk).toBe(false);
  });

  it('are malformed with acceptBadCrc: false, while good frames still decode', () => {
    for (const row of rows) {
      const result = decodeGt06Frame(fromHex(row.hex), { acceptBadCrc: false });
      if (row.crcOk) expect(result.kind).not.toBe('malformed');
      else
        expect(result).toEqual({
          kind: 'malformed',
          reason: 'bad crc',
          protocol: row.protocol,
          serial: row.serial,
        });
    }
  });
});

describe('device clock offset', () => {
  it('turns a local fix time into UTC', () => {
    const hex = rows.find((r) => r.name === 'gps12_a')!.hex;
    const [p] = toPositions(ok(decodeGt06Frame(fromHex(hex), { timezoneOffsetMinutes: 7 * 60 })), IMEI);
    expect(p!.fixTime.toISOString()).toBe('2015-10-20T07:21:11.000Z');
  });
});

/** Builds a short frame around `content` with a correct length and CRC. */
function frame(protocol: number, contentHex: string, serial = 1): Uint8Array {
  const content = fromHex(contentHex);
  const body = [content.length + 5, protocol, ...content, serial >> 8, serial & 0xff];
  return Uint8Array.from([0x78, 0x78, ...body, 0, 0, 0x0d, 0x0a]);
}

describe('malformed input comes back as a result, never an exception', () => {
  const gpsBlock = (date: string, lat = '027AC7EB', flags = '148F') => `${date}CC${lat}0C46584900${flags}`;
  const cases: [string, unknown, string][] = [
    ['not bytes', 'hello', 'not bytes'],
    ['empty', new Uint8Array(0), 'too short'],
    ['no start marker', fromHex('7777050100010000' + '0D0A'), 'no start marker'],
    // A frame whose length field disagrees is read from the start: this login is too short for an IMEI.
    ['length field disagrees', fromHex('78780F0100010000' + '0D0A'), 'content ends before imei'],
    ['one byte more than the length says', fromHex('7878050100010000000D0A'), 'content ends before imei'],
    ['stop bytes wrong', fromHex('78780501000100000D0B'), 'no stop bytes'],
    ['login IMEI not BCD', frame(0x01, '0123456789ABCDEF'), 'imei is not BCD'],
    ['login too short', frame(0x01, '012345'), 'content ends before imei'],
    ['GPS block cut short', frame(0x12, '0F0A140E150BC505E5'), 'content ends before latitude'],
    ['month 13', frame(0x12, gpsBlock('0F0D140E150B')), 'invalid date-time'],
    ['31 February', frame(0x12, gpsBlock('0F021F0E150B')), 'invalid date-time'],
    ['29 February of a common year', frame(0x12, gpsBlock('17021D0E150B')), 'invalid date-time'],
    ['day 0', frame(0x12, gpsBlock('0F0A000E150B')), 'invalid date-time'],
    ['hour 24', frame(0x12, gpsBlock('0F0A14180000')), 'invalid date-time'],
    ['latitude above 90°', frame(0x12, gpsBlock('0F0A140E150B', 'FFFFFFFF')), 'latitude out of range'],
  ];

  it('keeps the fix of an alarm frame whose status block is missing (as a location)', () => {
    const result = decodeGt06Frame(frame(0x16, gpsBlock('0F0A140E150B') + '0901CC00287D001FB8'));
    expect(result).toMatchObject({ kind: 'gps', gps: { fixTime: new Date('2015-10-20T14:21:11Z') } });
    expect(result).toMatchObject({ cell: { mcc: 460, mnc: 0 } });
  });

  it.each(cases)('%s', (_name, input, reason) => {
    const result = decodeGt06Frame(input as Uint8Array);
    expect(result.kind).toBe('malformed');
    expect(result).toMatchObject({ reason });
  });

  it('accepts 29 February of a leap year', () => {
    const result = decodeGt06Frame(frame(0x12, gpsBlock('18021D0E150B')));
    expect(result).toMatchObject({ kind: 'gps', gps: { fixTime: new Date('2024-02-29T14:21:11Z') } });
  });
});
