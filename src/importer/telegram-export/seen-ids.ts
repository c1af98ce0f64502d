/**
 * Message ids already seen in one chat of a file, as a sparse bitmap: 8 KB per block of 65,536 ids, so a chat of a
 * million consecutive ids costs 128 KB, and negative ids (a migrated group's) work the same.
 */
const BLOCK_BITS = 16;
const BLOCK = 1 << BLOCK_BITS;

export class SeenIds {
  readonly #blocks = new Map<number, Uint8Array>();

  /** Marks the id seen; true if it had been seen before. */
  add(id: number): boolean {
    const block = Math.floor(id / BLOCK);
    const offset = id - block * BLOCK;
    let bits = this.#blocks.get(block);
    if (!bits) this.#blocks.set(block, (bits = new Uint8Array(BLOCK / 8)));
    const mask = 1 << (offset & 7);
    const byte = offset >>> 3;
    if (bits[byte]! & mask) return true;
    bits[byte] = bits[byte]! | mask;
    return false;
  }
}
