import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { skipTransparentSky } from './transparent-sky';

type Frame = { data: { sky?: Record<string, { a: number }> } };
type Painter = { drawFunctions: { sky: (mesh: unknown, frame: Frame) => void; fill?: unknown } };

const clear = { a: 0 };
const blue = { a: 1 };

/** A map with the painter maplibre gives it: its draw functions, shared by every map. */
function fakeMap(painter: unknown = undefined) {
  const shared = { sky: vi.fn(), fill: vi.fn() };
  const handlers = new Map<string, () => void>();
  const map: { painter: unknown; on: unknown; off: unknown } = {
    painter: painter === undefined ? { drawFunctions: shared } : painter,
    on: (name: string, fn: () => void) => handlers.set(name, fn),
    off: (name: string) => handlers.delete(name),
  };
  const stop = skipTransparentSky(map as unknown as MapLibreMap);
  const draw = () => (map.painter as Painter).drawFunctions;
  const drawSky = (frame: Frame) => draw().sky('mesh', frame);
  return { map, shared, handlers, stop, draw, drawSky };
}

describe('the sky of a map', () => {
  it('is not drawn when both its colours are transparent (a style without a sky)', () => {
    const { shared, drawSky } = fakeMap();
    drawSky({ data: { sky: { 'sky-color': clear, 'horizon-color': clear } } });
    expect(shared.sky).not.toHaveBeenCalled();
  });

  it.each([
    ['a sky colour', { 'sky-color': blue, 'horizon-color': clear }],
    ['a horizon colour', { 'sky-color': clear, 'horizon-color': { a: 0.4 } }],
    ['colours maplibre no longer names so', { sky: blue }],
  ])('is drawn as maplibre draws it with %s', (_, sky) => {
    const { shared, drawSky } = fakeMap();
    const frame = { data: { sky } };
    drawSky(frame);
    expect(shared.sky).toHaveBeenCalledWith('mesh', frame);
  });

  it("leaves maplibre's shared draw functions to other maps", () => {
    const { shared, draw } = fakeMap();
    expect(draw()).not.toBe(shared);
    expect(draw().fill).toBe(shared.fill);
    expect(shared.sky).toEqual(expect.any(Function));
  });

  it('is skipped again by the new painter of a restored WebGL context, and only once', () => {
    const { map, shared, handlers, draw, drawSky } = fakeMap();
    map.painter = { drawFunctions: shared };
    handlers.get('webglcontextrestored')!();
    const wrapped = draw().sky;
    expect(wrapped).not.toBe(shared.sky);
    handlers.get('webglcontextrestored')!();
    expect(draw().sky).toBe(wrapped);
    drawSky({ data: { sky: { 'sky-color': clear, 'horizon-color': clear } } });
    expect(shared.sky).not.toHaveBeenCalled();
  });

  it.each([
    ['no painter', null],
    ['no draw functions', {}],
  ])('is left to maplibre with %s', (_, painter) => {
    expect(() => fakeMap(painter)).not.toThrow();
  });
});

describe('the maplibre this relies on (an upgrade that changes it fails here, not on the map)', () => {
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('maplibre-gl/package.json'));
  const source = readFileSync(path.join(dist, 'dist/maplibre-gl-dev.mjs'), 'utf8');

  it("draws the sky through the painter's draw functions, from the style's evaluated sky", () => {
    expect(source).toContain('this.drawFunctions = webglDrawFunctions;');
    expect(source).toContain('if (data.sky) this.drawFunctions.sky(this.skyMesh, frameRenderContext);');
    expect(source).toContain('sky: this.style.sky?.getEvaluated()');
  });

  it('gives a style without a sky transparent sky and horizon colours', () => {
    const defaults = source.indexOf('sky ||= {');
    expect(defaults).toBeGreaterThan(0);
    const block = source.slice(defaults, source.indexOf('}', defaults));
    expect(block).toContain('"sky-color": "transparent"');
    expect(block).toContain('"horizon-color": "transparent"');
  });

  it('makes a new painter when a lost WebGL context is restored', () => {
    const restored = source.indexOf('this._contextRestored = (event) => {');
    expect(restored).toBeGreaterThan(0);
    expect(source.indexOf('this._setupPainter();', restored)).toBeLessThan(
      source.indexOf('new MapContextEvent("webglcontextrestored"', restored),
    );
  });
});
