/**
 * The ids of the items an import skipped for one reason, as its summary names them: " (message 700)", " (entries a,
 * b and 3 more)": the first few the report kept, then how many more. Shared by the Telegram import's summary and the
 * other apps' (telegram-export/import-summary.ts, sources/source-summary.ts).
 */
export function namedIds(
  ids: readonly (string | number)[],
  skipped: number,
  noun: { one: string; many: string },
): string {
  if (ids.length === 0) return '';
  const rest = skipped - ids.length;
  const list =
    rest > 0
      ? `${ids.join(', ')} and ${rest} more`
      : ids.length > 1
        ? `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`
        : String(ids[0]);
  return ` (${ids.length === 1 && rest === 0 ? noun.one : noun.many} ${list})`;
}
