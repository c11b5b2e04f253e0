// A TCP proxy that makes a slow network between the browser and a local server: one link for every
// connection together, with a bandwidth per direction (a token bucket drained byte by byte: a chunk
// occupies the link for its size ÷ rate) and a one-way delay of half the round trip, and a new connection
// opened one round trip later (TCP's handshake). HTTP and WebSocket bytes go through the same link alike
// (Chromium's own network emulation delays WebSocket messages far more than the same bytes over HTTP).
import net from 'node:net';

/** `20mbit-40ms` → { name, downBps: 20e6, upBps: 20e6, rttMs: 40 }; an optional `-up5mbit` sets the uplink. */
export function parseNetwork(name) {
  const m = /^(\d+(?:\.\d+)?)mbit-(\d+)ms(?:-up(\d+(?:\.\d+)?)mbit)?$/.exec(name);
  if (!m) throw new Error(`network profile "${name}": expected e.g. 20mbit-40ms or 5mbit-100ms-up2mbit`);
  const downBps = Number(m[1]) * 1e6;
  return { name, downBps, upBps: m[3] ? Number(m[3]) * 1e6 : downBps, rttMs: Number(m[2]) };
}

/** When the last piece written to a socket arrives (performance.now() time). */
const lastArrival = new WeakMap();
/**
 * Per socket, the write of its last piece: the next piece waits for it. A timer per piece is not enough:
 * Node starts a timer from the event loop's cached clock, so a piece scheduled late in a long tick could
 * fire before the one scheduled just before it, and the bytes of a response arrived out of order.
 */
const lastWrite = new WeakMap();

/** One direction of the link: chunks leave in order, each after the ones before it went through. */
function link(bps, delayMs) {
  let freeAt = 0;
  return (socket, chunk) => {
    // Pieces of at most 16 kB, so that one big write does not hold the link for the others' small ones
    // longer than a real link would (its packets interleave).
    for (let at = 0; at < chunk.length; at += 16_384) {
      const piece = chunk.subarray(at, at + 16_384);
      const now = performance.now();
      freeAt = Math.max(now, freeAt) + (piece.length * 8 * 1000) / bps;
      const due = freeAt + delayMs;
      lastArrival.set(socket, due);
      const written = (lastWrite.get(socket) ?? Promise.resolve())
        .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now()))))
        .then(() => socket.destroyed || socket.writableEnded || socket.write(piece));
      lastWrite.set(socket, written);
    }
  };
}

/** Starts the proxy on 127.0.0.1 (a free port) in front of `target` ({ host, port }); answers its port and close(). */
export async function startThrottleProxy(target, profile) {
  const down = link(profile.downBps, profile.rttMs / 2);
  const up = link(profile.upBps, profile.rttMs / 2);
  const sockets = new Set();
  const server = net.createServer((client) => {
    client.setNoDelay(true);
    sockets.add(client);
    client.pause();
    const upstream = net.connect(target);
    upstream.setNoDelay(true);
    sockets.add(upstream);
    upstream.pause();
    // The handshake's round trip: nothing flows before it.
    const opened = new Promise((resolve) => upstream.once('connect', resolve));
    setTimeout(async () => {
      await opened;
      client.resume();
      upstream.resume();
    }, profile.rttMs);
    client.on('data', (chunk) => up(upstream, chunk));
    upstream.on('data', (chunk) => down(client, chunk));
    // An end on one side ends the other once what is in flight to it has arrived; an error ends both.
    const close = (other) => () =>
      setTimeout(
        () => other.end(),
        Math.max(profile.rttMs / 2, (lastArrival.get(other) ?? 0) - performance.now()) + 1,
      );
    client.on('end', close(upstream));
    upstream.on('end', close(client));
    for (const s of [client, upstream])
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(resolve);
      }),
  };
}
