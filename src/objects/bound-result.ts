/** Keeps every data-moving result under a character budget, saying what was cut and how to page. */

export const DEFAULT_RESULT_LIMIT = 16_000;

export interface TruncatedArray {
  truncated: true;
  total: number;
  shown: number;
  note: string;
  items: unknown[];
}

/** Returns the value as is when its JSON fits; an array keeps whole leading items; anything else is cut as text. */
export function boundResult(value: unknown, limit = DEFAULT_RESULT_LIMIT, pagingHint?: string): unknown {
  const json = JSON.stringify(value) ?? 'null';
  if (json.length <= limit) return value;
  const how = pagingHint ?? 'Ask for a narrower view or fewer items.';
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    let size = 400; // room for the envelope around the items
    for (const item of value) {
      const itemSize = (JSON.stringify(item) ?? 'null').length + 1;
      if (size + itemSize > limit) break;
      items.push(item);
      size += itemSize;
    }
    const result: TruncatedArray = {
      truncated: true,
      total: value.length,
      shown: items.length,
      note: `Result cut to ${items.length} of ${value.length} items to stay under ${limit} characters. ${how}`,
      items,
    };
    return result;
  }
  return {
    truncated: true,
    note: `Result cut to ${limit} of ${json.length} characters. ${how}`,
    partialJson: json.slice(0, limit - 300),
  };
}
