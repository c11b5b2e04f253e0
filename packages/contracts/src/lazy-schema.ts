/**
 * A value built on first use, standing in for it meanwhile. The web's build wraps the contracts' schemas
 * in it (apps/web/lazy-contracts.ts): a zod schema costs tens of microseconds to build, the first load
 * imported a few hundred of them, and most are not parsed with until the user opens their page.
 * Everything reads through: properties, `in`, keys, the prototype (so `instanceof` holds).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let value: T | undefined;
  const real = (): T => (value ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, v) => Reflect.set(real(), key, v),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in holds none of these itself: a proxy may not call them fixed.
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(real(), key, d),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
