/** Where handles live between questions and restarts. The runtime only knows this interface. */

export interface StoredHandle {
  id: string;
  kind: string;
  state: unknown;
  createdAt: string;
}

export interface HandleStore {
  get(ownerId: number, id: string): Promise<StoredHandle | undefined>;
  /** The handle already issued for exactly this kind and state, so asking twice reuses one id. */
  findByState(ownerId: number, kind: string, state: unknown): Promise<StoredHandle | undefined>;
  put(ownerId: number, handle: StoredHandle): Promise<void>;
  /** Newest first, at most `limit`. */
  listRecent(ownerId: number, limit: number): Promise<StoredHandle[]>;
  count(ownerId: number): Promise<number>;
}

/** A root object every owner holds without asking, e.g. `journal`. */
export interface RootObject {
  id: string;
  kind: string;
  state: unknown;
}
