import { liveMessage, type LiveMessage } from '@pantau/contracts';
import { api } from '../api-client';
import { useLiveStore } from './live-store';
import { trackingItemsOf, trackingPatchesOf } from './tracking-guard';

type Listener = (message: LiveMessage) => void;

export const MIN_RECONNECT_MS = 1_000;
export const MAX_RECONNECT_MS = 30_000;
/** The server pings well within this; silence longer than it means a dead connection. */
export const SILENCE_TIMEOUT_MS = 60_000;
/** Close codes after which retrying cannot help: signed out, the role no longer held. */
const SIGNED_OUT = 4401;
const ROLE_GONE = 4403;
const FINAL_CLOSE_CODES = new Set([SIGNED_OUT, ROLE_GONE]);

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_RECONNECT_MS, MIN_RECONNECT_MS * 2 ** Math.max(0, attempt));
}

/**
 * The unit's socket; `changes=1`: a vehicle already sent comes as its changed fields (`moves`);
 * `snapshot=1`: no vehicles until the socket names the tracking snapshot the store holds (`nameSnapshot`),
 * then only what changes from it.
 */
export function liveUrl(loc: Pick<Location, 'protocol' | 'host'>): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/api/live?changes=1&snapshot=1`;
}

const listeners = new Set<Listener>();
const resyncListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let wanted = false;
let attempt = 0;
let openedBefore = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let silenceTimer: ReturnType<typeof setTimeout> | undefined;
/** The snapshot the store took and no socket has named yet (its token, or null when it has none). */
let unnamed: { token: string | null } | undefined;

/** Names the snapshot on the open socket, or on the next one to open. A socket names one snapshot. */
function sendName() {
  const ws = socket;
  if (!unnamed || !ws || ws.readyState !== WebSocket.OPEN) return;
  ws.send(JSON.stringify({ type: 'snapshot', token: unnamed.token }));
  unnamed = undefined;
}

/** The store has taken a tracking snapshot (`snapshot` of `GET /api/tracking?live=1`; null: none). */
export function nameSnapshot(token: string | null): void {
  unnamed = { token };
  sendName();
}

function setConnection(state: 'connecting' | 'open' | 'closed') {
  useLiveStore.getState().setConnection(state);
}

function armSilenceTimer(ws: WebSocket) {
  clearTimeout(silenceTimer);
  silenceTimer = setTimeout(() => ws.close(4000, 'silent'), SILENCE_TIMEOUT_MS);
}

/**
 * Parses one message. `positions` and `moves` (up to the whole fleet, every second) are checked with
 * the cheap guards of tracking-guard.ts; the small, rare messages go through the contract's zod schema.
 */
export function parseLiveMessage(raw: unknown): LiveMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(String(raw));
  } catch {
    return null;
  }
  const type = (json as { type?: unknown } | null)?.type;
  if (type === 'positions') {
    const data = trackingItemsOf((json as { data?: unknown }).data);
    return data ? { type: 'positions', data } : null;
  }
  if (type === 'moves') {
    const data = trackingPatchesOf((json as { data?: unknown }).data);
    return data ? { type: 'moves', data } : null;
  }
  const parsed = liveMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

function dispatch(raw: unknown) {
  const message = parseLiveMessage(raw);
  if (!message) return;
  if (message.type === 'positions') useLiveStore.getState().update(message.data);
  else if (message.type === 'moves') useLiveStore.getState().move(message.data);
  for (const listener of listeners) listener(message);
}

function connect() {
  if (!wanted || socket) return;
  setConnection('connecting');
  // The token and role cookies authenticate the socket and choose its unit.
  const ws = new WebSocket(liveUrl(window.location));
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    setConnection('open');
    armSilenceTimer(ws);
    // Anything that changed while we were away is only in the snapshots: refetch them.
    if (openedBefore) for (const l of resyncListeners) l();
    openedBefore = true;
    sendName();
  };
  ws.onmessage = (event) => {
    armSilenceTimer(ws);
    dispatch(event.data);
  };
  ws.onclose = (event) => {
    clearTimeout(silenceTimer);
    if (socket === ws) socket = null;
    setConnection('closed');
    if (FINAL_CLOSE_CODES.has(event.code)) {
      wanted = false;
      sessionEnded(event.code);
    }
    if (!wanted) return;
    retryTimer = setTimeout(connect, reconnectDelay(attempt));
    attempt += 1;
  };
}

/**
 * The server closed the socket because the session ended while it was open (a sign-out or a password
 * change in another browser, the account disabled, the role taken away). Signed out: an authenticated
 * call answers 401 and the app signs out as for any 401. The role gone: a reload, which the server
 * sends to the role choice.
 */
function sessionEnded(code: number) {
  if (code === SIGNED_OUT) void api.getAuth('auth/me').catch(() => {});
  else window.location.reload();
}

/** Opens the shared socket (the shell calls this once signed in with a role). */
export function startLiveSocket(): void {
  if (wanted) return;
  wanted = true;
  attempt = 0;
  connect();
}

/** Closes it for good (sign-out, leaving the shell). */
export function stopLiveSocket(): void {
  wanted = false;
  clearTimeout(retryTimer);
  clearTimeout(silenceTimer);
  const ws = socket;
  socket = null;
  openedBefore = false;
  unnamed = undefined;
  ws?.close(1000, 'bye');
  setConnection('closed');
}

export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after every reconnect (not the first open). */
export function onLiveResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}
