import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyWorker, withEarlyWorker } from './early-worker';

/** A stand-in for the browser's Worker: remembers its script and whether it was ended. */
class FakeWorker {
  terminated = false;
  constructor(
    readonly url: string | URL,
    readonly options?: WorkerOptions,
  ) {}
  terminate() {
    this.terminated = true;
  }
}

const SCRIPT = '/assets/maplibre-gl-worker-abc.mjs';

describe('withEarlyWorker', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { location: { href: 'http://localhost/map' }, Worker: FakeWorker });
  });
  afterEach(() => vi.unstubAllGlobals());

  const early = () => {
    const worker = new FakeWorker(SCRIPT, { type: 'module' });
    window.__pantauMapWorker = { url: SCRIPT, worker: worker as unknown as Worker };
    return worker;
  };

  it('the first `new Worker` of the waiting script answers the waiting worker; later ones are new', () => {
    const waiting = early();
    const made = withEarlyWorker(SCRIPT, () => [
      new window.Worker(`http://localhost${SCRIPT}`, { type: 'module' }),
      new window.Worker(SCRIPT, { type: 'module' }),
    ]);
    expect(made[0]).toBe(waiting);
    expect(made[1]).not.toBe(waiting);
    expect(window.Worker).toBe(FakeWorker);
    expect(window.__pantauMapWorker).toBeUndefined();
    expect(waiting.terminated).toBe(false);
  });

  it('a waiting worker for another script, or one nobody asked for, is ended', () => {
    const other = new FakeWorker('/assets/old-worker.mjs');
    window.__pantauMapWorker = { url: '/assets/old-worker.mjs', worker: other as unknown as Worker };
    withEarlyWorker(SCRIPT, () => new window.Worker(SCRIPT));
    expect(other.terminated).toBe(true);

    const unused = early();
    withEarlyWorker(SCRIPT, () => undefined);
    expect(unused.terminated).toBe(true);
    expect(window.Worker).toBe(FakeWorker);
  });

  it('without a waiting worker it only runs `start`; dropEarlyWorker ends one left over', () => {
    expect(withEarlyWorker(SCRIPT, () => 42)).toBe(42);
    const left = early();
    dropEarlyWorker();
    expect(left.terminated).toBe(true);
    expect(window.__pantauMapWorker).toBeUndefined();
  });
});
