export * from './position.js';

export { crc16X25 } from './gt06/crc.js';
export { Gt06FrameSplitter, type Gt06FrameSplitterOptions } from './gt06/frame.js';
export { decodeGt06Frame, type Gt06DecodeOptions } from './gt06/decoder.js';
export { gt06Ack, gt06AckFor, gt06ExtendedAck, gt06TimeReply } from './gt06/ack.js';
export { gt06AlarmFromCode } from './gt06/alarms.js';
export { toPositions } from './gt06/positions.js';
export type * from './gt06/messages.js';

export { parseOsmand } from './osmand/parse.js';
export type { OsmandRequest, OsmandResult } from './osmand/request.js';
