/** The kinds the runtime knows, in a stable (sorted) order; a duplicate id is a programming error. */
import type { KindDefinition } from './kind.ts';
import { ObjectError } from './object-error.ts';

export class KindRegistry {
  readonly #kinds = new Map<string, KindDefinition>();

  constructor(kinds: KindDefinition[] = []) {
    for (const k of kinds) this.register(k);
  }

  register(kind: KindDefinition): void {
    if (this.#kinds.has(kind.kind)) throw new Error(`Kind ${kind.kind} is already registered`);
    this.#kinds.set(kind.kind, kind);
  }

  list(): KindDefinition[] {
    return [...this.#kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind));
  }

  /** By full id; a bare name (`Note` for `example#Note`) is accepted when only one kind has it. */
  getOrThrow(kind: string): KindDefinition {
    const byName = this.list().filter((k) => k.kind.endsWith(`#${kind}`));
    const found = this.#kinds.get(kind) ?? (byName.length === 1 ? byName[0] : undefined);
    if (!found)
      throw new ObjectError(
        `Unknown kind "${kind}". Known kinds: ${this.list()
          .map((k) => k.kind)
          .join(', ')}.`,
      );
    return found;
  }
}
