// IndexedDB behind a few promises: the page keeps its current game, the games saved under a name and the review's
// evaluations there, so that a reload (or the page offline) finds them again. One database, three object stores with
// keys given by the caller. A browser without IndexedDB (or one that refuses it: a private window) gets null from
// openStorage, and the page goes on without saving.

export type StoreName = 'session' | 'games' | 'evals';
const STORES: readonly StoreName[] = ['session', 'games', 'evals'];

export interface Storage {
  get<T>(store: StoreName, key: string): Promise<T | undefined>;
  put(store: StoreName, key: string, value: unknown): Promise<void>;
  delete(store: StoreName, key: string): Promise<void>;
  /** Every entry of a store, in key order. */
  entries<T>(store: StoreName): Promise<[string, T][]>;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Opens (creating on first use) the page's database; null where IndexedDB cannot be used. */
export async function openStorage(name = 'tessera'): Promise<Storage | null> {
  if (typeof indexedDB === 'undefined') return null;
  let db: IDBDatabase;
  try {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      for (const s of STORES) if (!request.result.objectStoreNames.contains(s)) request.result.createObjectStore(s);
    };
    db = await done(request);
  } catch (err) {
    console.warn('IndexedDB unavailable, nothing will be saved:', err);
    return null;
  }
  return {
    async get<T>(store: StoreName, key: string): Promise<T | undefined> {
      return (await done(db.transaction(store).objectStore(store).get(key))) as T | undefined;
    },
    async put(store, key, value) {
      const tx = db.transaction(store, 'readwrite');
      tx.objectStore(store).put(value, key);
      await finished(tx);
    },
    async delete(store, key) {
      const tx = db.transaction(store, 'readwrite');
      tx.objectStore(store).delete(key);
      await finished(tx);
    },
    async entries<T>(store: StoreName): Promise<[string, T][]> {
      const os = db.transaction(store).objectStore(store);
      const [keys, values] = await Promise.all([done(os.getAllKeys()), done(os.getAll())]);
      return keys.map((k, i) => [String(k), values[i] as T]);
    },
  };
}
