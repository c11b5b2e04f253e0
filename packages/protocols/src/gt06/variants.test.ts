import { describe, expect, it } from 'vitest';
import { fromHex, toHexUpper } from '../test-support/gt06-fixtures.js';
import { gt06Ack, gt06AckFor, gt06ExtendedAck } from './ack.js';
import { decodeGt06Frame } from './decoder.js';
import { Gt06FrameSplitter } from './frame.js';
import type { Gt06DecodeResult } from './messages.js';
import { toPositions } from './positions.js';

/**
 * The GT06 family as devices in the field send it: one frame per variant, with what Pantau decodes and
 * answers. Unless noted, the hex is as published in Traccar's `Gt06ProtocolDecoderTest.java` (the
 * reference server's decoder test, Apache-2.0), which collects captures from real devices.
 */
interface Variant {
  name: string;
  hex: string;
  /** What the decoder yields. */
  kind: 'gps' | 'alarm' | 'status' | 'network' | 'login' | 'info' | 'unknown';
  /** Facts about the stored position (when it has a fix) or the message. */
  expect?: Record<string, unknown>;
  /** 'ack' = the standard short ack with the frame's protocol and serial; a hex string; or null (none). */
  answer: 'ack' | 'extended ack' | string | null;
}

const IMEI = '353419036066061';

const variants: Variant[] = [
  {
    name: '0x17 WiFi, length byte 0 (answered with its own time)',
    hex: '787800171710231108290200CC080C4E2FA5640C4E2FA5640D0A',
    kind: 'network',
    expect: { deviceTime: new Date('2017-10-23T11:08:29Z') },
    answer: '787800171710231108290D0A',
  },
  {
    name: '0x17 WiFi, length byte 8 that does not match the frame',
    hex: '787808171709281135331491827B75594DC8D719A9708452CAD719A9708550CAD719A97086521491827B75574CAC9E17B308085DC8D71939633947CAD71939633A480700CC0400D37A3D5A00D37A3D5A00D37A3D5A00D37A3D5A00D37A3D5A00D37A3D5A00D37A3D5A0D0A',
    kind: 'network',
    answer: '787800171709281135330D0A',
  },
  {
    name: '0x69 WiFi 2, length byte 3',
    hex: '787803691604130318491475905BD30E25001E10BBF7635D14759006E626560501CC0028660F213228660F1F2828660EA81E286610731428660F20140D0A',
    kind: 'network',
    expect: { deviceTime: new Date('2016-04-13T03:18:49Z') },
    answer: '787800691604130318490D0A',
  },
  {
    name: '0x32 extended (AZ735) with a fix, answered with a 7979 ack',
    hex: '7979004A321106170C1B180CC900A875580B7AB4F00010350901FE0A007C0009112424007C000912240081004EFE2100C500100F1200000000000000000000000000000000000000000000BC7C900D0A',
    kind: 'gps',
    expect: {
      fixTime: new Date('2017-06-23T12:27:24Z'),
      lat: -6.13338,
      lon: 106.99505,
      valid: true,
      course: 53,
    },
    answer: 'extended ack',
  },
  {
    name: '0x32 extended (AZ735) without a fix (GPS length 0)',
    hex: '79790045321106170C1B13000901FE0A007C0009112424007C000912230081004EFE1E00C500100F120000000000000000000000000000000000000710BEF565574E37000000B26F140D0A',
    kind: 'status',
    answer: 'extended ack',
  },
  {
    name: '0x33 extended (AZ735 alarm) without a fix',
    hex: '797900143311070609020B00000000A0030046000109E4610D0A',
    kind: 'status',
    answer: 'extended ack',
  },
  {
    name: '0x34 (X1) GPS with mileage, cell, voltages and analogue inputs',
    hex: '78783C340000000011061809130C0903107D2408488A5800144C00000000000001940B00B1000047FF000000000500018F42210000000100050003010B69450D0A',
    kind: 'gps',
    expect: {
      fixTime: new Date('2017-06-24T09:19:12Z'),
      lat: 28.56237,
      lon: 77.20652,
      attributes: { batteryVoltage: 12.8, power: 3.99, cell: { mcc: 404, mnc: 11 } },
    },
    answer: 'ack',
  },
  {
    name: '0x34 (X1) GPS with a driver id',
    hex: '78783C3439000000120A0902093A07031F9E690529BE2E00155500000016214901A30308B70000B3FB004AA82B059401A3422100000001000000007D9370B90D0A',
    kind: 'gps',
    expect: { lat: 29.11323, lon: 48.12319, odometerKm: 1450.313, attributes: { driverUniqueId: '4892715' } },
    answer: 'ack',
  },
  {
    name: '0x70 extended (modular) with a fix module',
    hex: '797900A87000000001020035000100003300125D62BF3A0800E804B5994308814A87001D5D00340006115D62BF29000011000A012E02620000000000000001000803537601000129800002000803102608593397620003000A8901260852293397626600180002017D002B000116002C00045D6278EA0009000108000A00010B002800010B002E00040000F0C1002A00010000290004000000BE0030000A000100B4000A00B402D00006C5490D0A',
    kind: 'gps',
    expect: {
      fixTime: new Date('2019-08-25T17:02:50Z'),
      lat: 43.89451,
      lon: -79.27275,
      altitude: 232,
      odometerKm: 61.633,
      alarm: null,
    },
    answer: 'ack',
  },
  {
    name: '0x70 extended (modular) with a removal alarm',
    hex: '797900A87000000001020035000101003300125D7E3A180600D504B598F708814B3A001D1500340006125D7E39DC000011000A012E02620000000000000001000803537601000129800002000803102608593397620003000A89012608522933976266001800020172002B000114002C00045D7DF3C70009000106000A000109002800010D002E00040000F25D002A000111002900040000017E0030000A000100B4000A00B402D0000591250D0A',
    kind: 'gps',
    expect: { alarm: 'removing', odometerKm: 62.045 },
    answer: 'ack',
  },
  {
    name: '0x70 extended (modular) without a fix module',
    hex: '797900377000000001020035000103002C0004616219D00043000B013601048153931500001A0001000808652820400643521000000101004E46760D0A',
    kind: 'status',
    answer: 'ack',
  },
  {
    name: '0x95 (JC100) alarm without a fix: time and event only',
    hex: '78780C95130A0209321C90000112800D0A',
    kind: 'status',
    expect: { alarm: 'hardAcceleration', ignition: null },
    answer: 'ack',
  },
  {
    name: '0x95 (JC100) alarm with a fix',
    hex: '78788B95140A060E2208055D4A800209D9C014C59100004556454E545F3335333337363131303032333139365F30303030303030305F323032305F31305F30365F31365F33345F30385F33322E6D70342C4556454E545F3335333337363131303032333139365F30303030303030305F323032305F31305F30365F31365F33345F30385F33312E6D70340000DA360D0A',
    kind: 'gps',
    expect: { fixTime: new Date('2020-10-06T14:34:08Z'), lat: 50, lon: 19, alarm: 'hardBraking' },
    answer: 'ack',
  },
  {
    name: '0x95 (JC100) SOS with a fix',
    hex: '78788B95140A070C1434055D4A800209D9C014280100004556454E545F3335333337363131303032333139365F30303030303030305F323032305F31305F30375F31345F32305F35325F32342E6D70342C4556454E545F3335333337363131303032333139365F30303030303030305F323032305F31305F30375F31345F32305F35325F32332E6D7034003F6B260D0A',
    kind: 'gps',
    expect: { alarm: 'sos' },
    answer: 'ack',
  },
  {
    name: '0x9B extended (serial data from a temperature probe), its data holding 0D 0A',
    hex: '7979000E9B0332382E33A1E60D0A0289BE490D0A',
    kind: 'info',
    answer: null,
  },
  {
    name: '0xA2 WiFi 3 (GK310): cells and WiFi, no fix',
    hex: '78787AA2110C0E06372C813601040000591200000000009D7C01040000591200000000009D7C01040000591200000000009D7C01040000591200000000009D7C01040000591200000000009D7C01040000591200000000009D7C01040000591200000000009D7C0104FF02001801EB4039D10000000000000004FABEB50D0A',
    kind: 'network',
    expect: { deviceTime: new Date('2017-12-14T06:55:44Z') },
    answer: 'ack',
  },
  {
    name: '0xA3 fence report (GK310): GPS, wide cell, status block',
    hex: '78782CA3110B10081336F000000000000000000004003901CC0000009191000000000906170304050400010003E0940D0A',
    kind: 'alarm',
    expect: { valid: false, attributes: { cell: { mcc: 460, lac: 37265, cid: 151394051 } } },
    answer: 'ack',
  },
  {
    name: '0xA4 multi-fence report (GK310): GPS, wide cell, status block, fence number',
    hex: '78782EA4110C0C02281BF6026C18720C38D22800149C1181CC00010000260E000000000615F8012C05041102FF001058FD0D0A',
    kind: 'alarm',
    expect: {
      fixTime: new Date('2017-12-12T02:40:27Z'),
      lat: 22.57699,
      lon: 113.91689,
      attributes: { deviceGeofence: 255, cell: { mcc: 460, mnc: 1 } },
    },
    answer: 'ack',
  },
  {
    name: '0x16 alarm whose cell block has length 0 followed by zero padding',
    hex: '78784A1614051C150204EC02777E560C2A2A2A5314AF000000000000040000000000000000000000000000000000000000000000000000000000000000000000000000007E061B0982004B24C00D0A',
    kind: 'alarm',
    expect: { lat: 22.99198, lon: 113.38328, speedKmh: 83, battery: 100, alarm: 'vibration' },
    answer: 'ack',
  },
  {
    name: '0x37 GPS+LBS with typed modules (mileage, accuracy)',
    hex: '7878353714080D05000AC500A886EB0B7522F000100001FE0A05EA004F1B000001002E0400002328003B0217C0003C0401020001002C468A0D0A',
    kind: 'gps',
    expect: { lat: -6.13588, lon: 106.79224, odometerKm: 9, accuracy: 60.8 },
    answer: 'ack',
  },
  {
    name: '0x1E GPS+LBS extend (JI09)',
    hex: '7878471E0E03110B0511C501C664FD074DB73F0218A602E003433A002FED40433A0056E14E433A0056104E433A0056FD53433A002EED55433A007E4B57433A002EE25AFF00020120F6720D0A',
    kind: 'gps',
    expect: { fixTime: new Date('2014-03-17T11:05:17Z'), lat: -16.544, lon: -68.074275, speedKmh: 2 },
    answer: 'ack',
  },
  {
    name: '0x2A address request: its fix is kept, the answer is an empty address',
    hex: '78782E2A0F0C1D071139CA027AC8000C4658000014D83132353230313335333231373730373900000000000001002A6ECE0D0A',
    kind: 'gps',
    expect: { lat: 23.11168, lon: 114.40924 },
    answer: '79790015970B000000004E4126264E4126263023230000E61E0D0A',
  },
  {
    name: '0x22 SeeWorld (length 0x2F): 4-byte cell id, mileage, temperature (built from the reference layout; no published capture)',
    hex: '78782F22180511030405C900AA49C00B75CE382A105A01FE0A1234000123450100000001E24000000E100A281770000747E80D0A',
    kind: 'gps',
    expect: {
      lat: -6.2,
      lon: 106.8166,
      ignition: true,
      odometerKm: 123.456,
      attributes: { cell: { cid: 0x12345 }, temperature: 26, humidity: 60 },
    },
    answer: 'ack',
  },
  {
    name: '0x22 with a length byte that does not match (a real capture, length byte changed 0x22 → 0x1F)',
    hex: '78781F220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A',
    kind: 'gps',
    expect: {
      fixTime: new Date('2015-12-29T02:51:05Z'),
      lat: 23.11169,
      lon: 114.4093,
      attributes: { lengthOk: false },
    },
    answer: '787805220008A8420D0A',
  },
  {
    name: '0x01 login cut short (length byte 0x0D, 15 bytes sent)',
    hex: '78780D010359339075005244340D0A',
    kind: 'login',
    expect: { imei: '359339075005244' },
    answer: 'ack',
  },
  {
    name: '0x28 LBS multiple: cells only',
    hex: '78783B281108111002050136041BCF0000BF09000000000000000000000000000000000000000000000000000000000000000000000000FF00020007D3280D0A',
    kind: 'network',
    answer: 'ack',
  },
  {
    name: '0x2C LBS+WiFi whose length byte claims more than was sent',
    hex: '7878412C11030B011C1F013604CB8A00B17754CB8A00B73F5FCB8900B0E25FCB8900B6655FCB8A00B74960CB8A00B178620701001801EB40393800BBBDE10D0A',
    kind: 'network',
    answer: 'ack',
  },
  {
    name: '0xA5 LBS alarm (GK310): wide cell and status block, no fix',
    hex: '787819A501CC0000009191000000000906170304050400010005F44D0D0A',
    kind: 'status',
    answer: 'ack',
  },
  {
    name: '0x35 photo information: not supported, never answered',
    hex: '78781F3511061A0B24330503107D06084889CB01000100000CFA20E3ACD301333FCB0D0A',
    kind: 'unknown',
    answer: null,
  },
  {
    name: '0x1F, a number the decoder does not know: never answered',
    hex: '78780D1F000000000000000200B196A20D0A',
    kind: 'unknown',
    answer: null,
  },
];

/** The frame as the splitter yields it from the socket (the peer then goes quiet), decoded. */
function decoded(hex: string): Gt06DecodeResult {
  const splitter = new Gt06FrameSplitter();
  const frames = [...splitter.push(fromHex(hex)), ...splitter.flush()];
  expect(frames.map((f) => toHexUpper(f))).toEqual([hex.toUpperCase()]);
  return decodeGt06Frame(frames[0]!);
}

describe('GT06 variants as devices send them', () => {
  it.each(variants.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const message = decoded(v.hex);
    if (message.kind === 'malformed') throw new Error(`malformed: ${message.reason}`);
    expect(message.kind).toBe(v.kind);
    const positions = toPositions(message, IMEI);
    expect(positions).toHaveLength(v.kind === 'gps' || v.kind === 'alarm' ? 1 : 0);
    const facts = v.expect ?? {};
    const subject: Record<string, unknown> = positions[0] ? { ...positions[0] } : { ...message };
    for (const key of ['lat', 'lon'] as const) {
      if (typeof facts[key] === 'number') expect(subject[key] as number).toBeCloseTo(facts[key], 5);
    }
    const { lat: _lat, lon: _lon, ...rest } = facts;
    expect(subject).toMatchObject(rest);

    const answer = gt06AckFor(message);
    if (v.answer === null) expect(answer).toBeNull();
    else if (v.answer === 'ack')
      expect(toHexUpper(answer)).toBe(toHexUpper(gt06Ack(message.protocol, message.serial)));
    else if (v.answer === 'extended ack')
      expect(toHexUpper(answer)).toBe(toHexUpper(gt06ExtendedAck(message.protocol, message.serial)));
    else expect(toHexUpper(answer)).toBe(v.answer);
  });

  it('splits a stream of every variant back into the same frames, whatever the chunking (a 0D 0A inside a frame still arriving is data)', () => {
    const stream = Uint8Array.from(variants.flatMap((v) => [...fromHex(v.hex)]));
    for (const size of [1, 5, 64, stream.length]) {
      const splitter = new Gt06FrameSplitter();
      const out: string[] = [];
      for (let i = 0; i < stream.length; i += size)
        out.push(...splitter.push(stream.subarray(i, i + size)).map((f) => toHexUpper(f)));
      expect(out).toEqual(variants.map((v) => v.hex.toUpperCase()));
    }
  });
});
