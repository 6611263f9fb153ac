/**
 * Defines `key` on `target` as a value made on first read, then kept as a plain property. It reads as an ordinary
 * enumerable property (spread, JSON, structured clone and v8 serialisation all see the value), so code that never reads
 * it (a page taken from an earlier build, say) never pays for making it.
 *
 * `keep: false`: made again on every read and never kept, for a large value held elsewhere (on disk) and read about
 * once; it stays unmade until something sets it.
 */
export function lazyField<T extends object, K extends keyof T>(target: T, key: K, make: () => T[K], { keep = true }: { keep?: boolean } = {}): void {
  const settle = (value: T[K]) => Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      if (keep) settle(value);
      return value;
    },
    set: settle,
  });
}

/** Whether `target[key]` is still a lazy field that nothing has read: reading it would make it. */
export function isUnmade(target: object, key: PropertyKey): boolean {
  return Object.getOwnPropertyDescriptor(target, key)?.get !== undefined;
}
