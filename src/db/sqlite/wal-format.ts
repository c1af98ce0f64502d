/**
 * Whether a journal's -wal belongs to it: a plain -wal beside an encrypted journal (or an encrypted one beside a plain
 * journal) was written to the file the journal was before a conversion replaced it. SQLite would apply its frames to
 * the new file (failing as a "wrong key", or worse, reading pages of the wrong format), so it is refused, saying what
 * was found and how to keep what it holds, before anything opens the journal.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseFileError } from '../database-file-error.ts';
import { fileIsPlainSqlite } from './journal-key.ts';

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
/**
 * Frames looked at, at most. A plain -wal's first b-tree page usually comes within its first frames; but a write of a
 * large value (a photo's chunk, a long entry) is a run of overflow pages, which carry no layout to recognise, so the
 * walk goes on past them, to the end of a transaction (its commit frame). A transaction SQLite commits changes a
 * b-tree page (the cell that points to an overflow chain, or page 1's header) unless it only rewrote bytes inside
 * an overflow chain in place, which this app never does; so an encrypted -wal is called so after its first
 * COMMITS_CHECKED transactions (a few frames each, usually), and read to FRAMES_CHECKED (16 MiB at 4 KiB pages) only
 * when its commits are that far apart.
 */
const FRAMES_CHECKED = 4096;
/** Transactions with no plain page among them that make a -wal encrypted (a margin over the one that would do). */
const COMMITS_CHECKED = 8;
/** Cell pointers checked on a page: each must point into the page's cell content area. */
const CELL_POINTERS_CHECKED = 8;
const PLAIN_HEADER = 'SQLite format 3\u0000';
/** The first byte of a b-tree page: interior/leaf index, interior/leaf table. */
const BTREE_FLAGS = new Set([0x02, 0x05, 0x0a, 0x0d]);

/**
 * True when a page read from a -wal frame is laid out as SQLite writes a plain b-tree page: its header's counts and
 * offsets, and its first cell pointers, all inside the page. An encrypted page is random bytes, which pass all of these
 * about once in 10^12 pages; an overflow or freelist page of a plain -wal passes none, and is simply not counted.
 */
function looksPlain(page: Buffer, pageNumber: number, pageSize: number): boolean {
  if (pageNumber === 1) return page.subarray(0, 16).toString('latin1') === PLAIN_HEADER;
  const flag = page[0]!;
  if (!BTREE_FLAGS.has(flag)) return false;
  const firstFreeblock = page.readUInt16BE(1);
  const cells = page.readUInt16BE(3);
  const contentStart = page.readUInt16BE(5) || 65536;
  const headerBytes = flag === 0x02 || flag === 0x05 ? 12 : 8;
  if (firstFreeblock >= pageSize || cells > pageSize / 2 || contentStart > pageSize) return false;
  if (cells === 0) return contentStart === pageSize || contentStart === 65536;
  if (contentStart < headerBytes + 2 * cells) return false;
  for (let i = 0; i < Math.min(cells, CELL_POINTERS_CHECKED); i += 1) {
    const pointer = page.readUInt16BE(headerBytes + 2 * i);
    if (pointer < contentStart || pointer >= pageSize) return false;
  }
  return true;
}

/**
 * What the -wal beside `journal` holds: nothing to apply, plain pages, or encrypted ones. `size` is what a stat of it
 * said (a test passes one the file no longer has, as a checkpoint's truncation leaves it).
 */
export function walFormat(
  journal: string,
  size = statSync(`${journal}-wal`, { throwIfNoEntry: false })?.size ?? 0,
): 'none' | 'plain' | 'encrypted' {
  const wal = `${journal}-wal`;
  if (size <= WAL_HEADER_BYTES) return 'none';
  const fd = openSync(wal, 'r');
  try {
    const header = Buffer.alloc(WAL_HEADER_BYTES);
    // A live journal's writer may truncate its -wal (a checkpoint) between the stat and the read: what was not read is
    // not there, so nothing is left to apply (zeros left in the buffer would look like an encrypted header).
    if (readSync(fd, header, 0, WAL_HEADER_BYTES, 0) < WAL_HEADER_BYTES) return 'none';
    const magic = header.readUInt32BE(0);
    // Not a WAL header at all (the whole file encrypted, or garbage): not plain.
    if (magic !== 0x377f0682 && magic !== 0x377f0683) return 'encrypted';
    const pageSize = header.readUInt32BE(8) === 1 ? 65536 : header.readUInt32BE(8);
    const frameBytes = FRAME_HEADER_BYTES + pageSize;
    const frames = Math.min(FRAMES_CHECKED, Math.floor((size - WAL_HEADER_BYTES) / frameBytes));
    if (frames === 0) return 'none';
    // One page laid out as plain SQLite writes it settles it; none in the first transactions means encrypted.
    const frame = Buffer.alloc(frameBytes);
    let commits = 0;
    for (let i = 0; i < frames && commits < COMMITS_CHECKED; i += 1) {
      // Cut short the same way: the frames read so far were the round a checkpoint just applied, not the journal's.
      if (readSync(fd, frame, 0, frameBytes, WAL_HEADER_BYTES + i * frameBytes) < frameBytes) return 'none';
      if (looksPlain(frame.subarray(FRAME_HEADER_BYTES), frame.readUInt32BE(0), pageSize)) return 'plain';
      // A commit frame holds the database's size in pages after the commit; the others hold 0.
      if (frame.readUInt32BE(4) !== 0) commits += 1;
    }
    return 'encrypted';
  } finally {
    closeSync(fd);
  }
}

/**
 * Throws a DatabaseFileError when the -wal beside `journal` is not of the journal's format (plain beside encrypted,
 * or the other way round); returns quietly otherwise, also when there is no -wal.
 */
export function refuseForeignWal(journal: string): void {
  if (journal === ':memory:') return;
  const wal = walFormat(journal);
  if (wal === 'none') return;
  const journalPlain = fileIsPlainSqlite(journal);
  if ((wal === 'plain') === journalPlain) return;
  const where = path.resolve(journal);
  const [found, is] =
    wal === 'plain' ? ['a plain (unencrypted) -wal', 'encrypted'] : ['an encrypted -wal', 'plain (not encrypted)'];
  throw new DatabaseFileError(
    `${where}-wal is ${found}, but ${where} is ${is}: it was written to the journal as it was before npm run encrypt or ` +
      `decrypt replaced it, and applying it would damage the journal; nothing was changed. Move ${where}-wal and ` +
      `${where}-shm into another folder (keep them: with a copy of the journal from before the conversion, renamed ` +
      `to match, they open with what was written), then run this again.`,
  );
}
