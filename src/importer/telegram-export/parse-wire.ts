/**
 * How a chunk's parsed items cross from the parse worker to the importer's thread (postMessage copies them). As
 * items, 100,000 rows arrive as 300,000 objects and arrays the receiving thread must build, a fifth of a second of
 * the thread that writes; as one array of values per chunk, with a chat's rows in a row sent as one run, the copy
 * costs half that, and rebuilding the items from it a few milliseconds.
 */
import { ENTRY_COLUMNS } from '../../db/store.ts';
import type { ParsedItem, WorkerMessage } from './parse-protocol.ts';

const WIDTH = ENTRY_COLUMNS.length;

export interface WireItems {
  /** The items in order: a run of rows of one chat as [its key, how many], any other item as it is. */
  runs: (ParsedItem | [chat: string, rows: number])[];
  /** Every row's values, in order, ENTRY_COLUMNS.length apiece. */
  values: unknown[];
  /** The rows that have tags (most have none): [row number, tags]. */
  tags: [row: number, tags: string[]][];
}

/** A message as the worker posts it: a chunk's items in the wire form. */
export type PostedMessage =
  | Exclude<WorkerMessage, { type: 'chunk' }>
  | (Omit<Extract<WorkerMessage, { type: 'chunk' }>, 'items'> & { wire: WireItems });

export function toWire(items: readonly ParsedItem[]): WireItems {
  const wire: WireItems = { runs: [], values: [], tags: [] };
  let rows = 0;
  let run: [string, number] | null = null;
  for (const item of items) {
    const row = item.d;
    if (!row || item.s !== undefined || row.mayBeLive) {
      run = null;
      wire.runs.push(item);
      continue;
    }
    if (row.values.length !== WIDTH) throw new Error(`a row of ${row.values.length} values, not ${WIDTH}`);
    if (run && run[0] === item.k) run[1] += 1;
    else wire.runs.push((run = [item.k, 1]));
    for (const value of row.values) wire.values.push(value);
    if (row.tags) wire.tags.push([rows, row.tags]);
    rows += 1;
  }
  return wire;
}

export function fromWire(wire: WireItems): ParsedItem[] {
  const items: ParsedItem[] = [];
  const tags = new Map(wire.tags);
  let row = 0;
  for (const run of wire.runs) {
    if (!Array.isArray(run)) {
      items.push(run);
      continue;
    }
    const [k, count] = run;
    for (let n = 0; n < count; n++, row++) {
      const values = wire.values.slice(row * WIDTH, (row + 1) * WIDTH);
      const rowTags = tags.get(row);
      items.push({ k, d: rowTags ? { values, tags: rowTags } : { values } });
    }
  }
  return items;
}
