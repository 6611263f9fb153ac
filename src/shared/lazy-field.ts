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

/**
 * `lazyField` for fields that many objects have, made from what each object is: the returned function defines `key` on
 * `target`, the value made by `make(target, key)` on first read. Every object gets the same getter and setter for a
 * key, so they share V8's hidden classes, and no closure is made per object: for the 30,000 fields of a 10,000-page
 * cache read back on an edit, a closure and getter each put every object on a class of its own.
 */
export function sharedLazyField<T extends object>(make: (target: T, key: string) => unknown, { keep = true }: { keep?: boolean } = {}): (target: T, key: string) => void {
  const accessors = new Map<string, PropertyDescriptor>();
  const settle = (target: object, key: string, value: unknown) => Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return (target, key) => {
    let accessor = accessors.get(key);
    if (!accessor) {
      accessor = {
        enumerable: true,
        configurable: true,
        get(this: T) {
          const value = make(this, key);
          if (keep) settle(this, key, value);
          return value;
        },
        set(this: T, value: unknown) {
          settle(this, key, value);
        },
      };
      accessors.set(key, accessor);
    }
    Object.defineProperty(target, key, accessor);
  };
}
