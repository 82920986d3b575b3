type Entry<V> = { at: number; value: Promise<V> };

/**
 * A small in-process cache of promises: concurrent callers share one load, a failed load (or one
 * `keep` refuses) is forgotten at once, and the oldest key goes when the map is full (hosts come
 * from requests).
 */
export const createTtlCache = <V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
  keep?: (value: V) => boolean;
}) => {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      entries.delete(key);
      const value = load();
      entries.set(key, { at: now(), value });
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then((v) => {
        if (options.keep && !options.keep(v)) forget();
      }, forget);
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
};
