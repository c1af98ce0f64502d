/**
 * Queries compiled once per shape and run many times with new values: building and compiling a kysely query costs
 * about as much as a small indexed read itself, and a paged listing asks the same question with another page.
 */
import { CompiledQuery } from 'kysely';

/** Stand-ins compiled in place of the values a caller supplies per run; they must come out as the last parameters. */
const MARKERS = [-918_273_645, -918_273_646, -918_273_647, -918_273_648];

export class CompiledQueries {
  readonly #byKey = new Map<string, CompiledQuery>();

  /** At most `max` shapes are kept (a key holds a view's filter, so the set is open). */
  constructor(readonly max = 256) {}

  get size(): number {
    return this.#byKey.size;
  }

  /**
   * The query `build` makes for `key`, with `values` in place of the numbers `build` was handed. `build` receives
   * one stand-in number per value and must use each exactly once, as the query's last parameters, in order (e.g.
   * `.limit(limit).offset(offset)`): checked when it is compiled, so a query that binds them otherwise fails loudly.
   */
  get(
    key: string,
    values: readonly number[],
    build: (...stand: number[]) => { compile(): CompiledQuery },
  ): CompiledQuery {
    let compiled = this.#byKey.get(key);
    if (!compiled) {
      const stand = MARKERS.slice(0, values.length);
      if (stand.length !== values.length)
        throw new Error(`CompiledQueries: at most ${MARKERS.length} values per query`);
      compiled = build(...stand).compile();
      const tail = compiled.parameters.slice(compiled.parameters.length - stand.length);
      const elsewhere = compiled.parameters
        .slice(0, compiled.parameters.length - stand.length)
        .some((p) => stand.includes(p as number));
      if (elsewhere || tail.length !== stand.length || tail.some((p, i) => p !== stand[i])) {
        throw new Error(`CompiledQueries: "${key}" does not bind its ${stand.length} values as its last parameters`);
      }
      if (this.#byKey.size >= this.max) this.#byKey.clear();
      this.#byKey.set(key, compiled);
    }
    const fixed = compiled.parameters.length - values.length;
    return CompiledQuery.raw(compiled.sql, [...compiled.parameters.slice(0, fixed), ...values]);
  }
}
