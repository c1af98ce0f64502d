/** Keeps every data-moving result under a character budget, saying what was cut and how to page. */

export const DEFAULT_RESULT_LIMIT = 16_000;
/** Lists up to this long are measured whole first (a page of entries is at most 100). */
const SHORT_LIST = 100;

export interface TruncatedArray {
  truncated: true;
  total: number;
  shown: number;
  note: string;
  items: unknown[];
}

/** Returns the value as is when its JSON fits; an array keeps whole leading items; anything else is cut as text. */
export function boundResult(value: unknown, limit = DEFAULT_RESULT_LIMIT, pagingHint?: string): unknown {
  const how = pagingHint ?? 'Ask for a narrower view or fewer items.';
  if (Array.isArray(value)) {
    // The common case, a list that fits, in one call: measuring item by item costs about twice as much.
    if (value.length <= SHORT_LIST && JSON.stringify(value).length <= limit) return value;
    // Sizes each item once and stops past the limit, so a long array is never serialized whole.
    const ENVELOPE = 400; // room for the note and counts around the kept items
    let total = 1;
    let kept = 0;
    for (const item of value) {
      total += (JSON.stringify(item) ?? 'null').length + 1;
      if (total + ENVELOPE <= limit) kept++;
      if (total > limit) break;
    }
    if (total <= limit) return value;
    // An item too big to fit even alone still counts as shown, cut as text, so paging by `shown` always advances.
    const items = kept > 0 ? value.slice(0, kept) : [cutItem(value[0], limit - ENVELOPE - 200)];
    const result: TruncatedArray = {
      truncated: true,
      total: value.length,
      shown: items.length,
      note: `Result cut to ${items.length} of ${value.length} items to stay under ${limit} characters. ${how}`,
      items,
    };
    return result;
  }
  const json = JSON.stringify(value) ?? 'null';
  if (json.length <= limit) return value;
  return {
    truncated: true,
    note: `Result cut to ${limit} of ${json.length} characters. ${how}`,
    partialJson: json.slice(0, limit - 300),
  };
}

/** One array item larger than the whole bound: its JSON cut, marked with its full size. */
function cutItem(item: unknown, room: number): unknown {
  const json = JSON.stringify(item) ?? 'null';
  return {
    truncated: true,
    note: `This item alone is ${json.length} characters; only its start is shown.`,
    partialJson: json.slice(0, Math.max(0, room)),
  };
}

/** A value bounded together with the citable passages moved out of it: what was kept of each. */
export interface BoundCitable<C> {
  value: unknown;
  citable: readonly C[];
}

/**
 * Bounds a value and its citable passages as one, so text moved out of the JSON still counts against the limit: one
 * passage per item of an array value is kept or cut with its item; passages beside another value go only when the
 * pair fits whole (a value cut as text cites nothing).
 */
export function boundWithCitable<C>(
  value: unknown,
  citable: readonly C[],
  limit = DEFAULT_RESULT_LIMIT,
  pagingHint?: string,
): BoundCitable<C> {
  if (citable.length === 0) return { value: boundResult(value, limit, pagingHint), citable };
  if (Array.isArray(value) && value.length === citable.length) {
    const bounded = boundResult(
      value.map((item, i) => [item, citable[i]]),
      limit,
      pagingHint,
    );
    if (Array.isArray(bounded)) return { value, citable };
    const cut = bounded as Partial<TruncatedArray>;
    if (!Array.isArray(cut.items) || cut.items.length === 0 || !Array.isArray(cut.items[0]))
      return { value: bounded, citable: [] };
    const pairs = cut.items as [unknown, C][];
    return { value: { ...cut, items: pairs.map(([item]) => item) }, citable: pairs.map(([, passage]) => passage) };
  }
  const bounded = boundResult([value, citable], limit, pagingHint);
  return Array.isArray(bounded) ? { value, citable } : { value: boundResult(value, limit, pagingHint), citable: [] };
}
