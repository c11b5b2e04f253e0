declare global {
  interface Window {
    /** maplibre's worker, started by public/prefetch-snapshot.js while the app's code downloaded. */
    __pantauMapWorker?: { url: string; worker: Worker };
  }
}

const sameUrl = (a: string | URL, b: string | URL) =>
  new URL(a, window.location.href).href === new URL(b, window.location.href).href;

/**
 * Runs `start` (maplibre's `prewarm()`, whose pool makes its worker with `new Worker(url)`) so that the
 * worker public/prefetch-snapshot.js started for `scriptUrl`, if any, is the one made: for that call
 * `new Worker(scriptUrl)` answers the waiting worker. A worker started by the app instead waited ~0.3 s
 * for its thread: its start needs the main thread, busy running the app's code then. A waiting worker
 * for another script (an older build) is ended. `Worker` is itself again when `start` returns.
 */
export function withEarlyWorker<T>(scriptUrl: string, start: () => T): T {
  const early = window.__pantauMapWorker;
  window.__pantauMapWorker = undefined;
  if (!early) return start();
  if (!sameUrl(early.url, scriptUrl)) {
    early.worker.terminate();
    return start();
  }
  const Native = window.Worker;
  let taken = false;
  window.Worker = function (url: string | URL, options?: WorkerOptions) {
    if (!taken && sameUrl(url, scriptUrl)) {
      taken = true;
      return early.worker;
    }
    return new Native(url, options);
  } as unknown as typeof Worker;
  try {
    return start();
  } finally {
    window.Worker = Native;
    // maplibre's pool was made already (another map came first): the waiting worker is not needed.
    if (!taken) early.worker.terminate();
  }
}

/** Ends a worker public/prefetch-snapshot.js started that no map took (main.tsx, once it knows). */
export function dropEarlyWorker(): void {
  window.__pantauMapWorker?.worker.terminate();
  window.__pantauMapWorker = undefined;
}
