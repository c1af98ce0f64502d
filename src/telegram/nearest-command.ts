/**
 * The bot's command nearest to a mistyped one, by edit distance (a swap of two neighbours counts as one edit, as in
 * `/saerch`), for the answer to a command the bot does not have.
 */

/** Edits (insert, delete, replace, swap neighbours) turning `a` into `b`: the optimal string alignment distance. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++)
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  return d[a.length]![b.length]!;
}

/**
 * The command `typed` most likely meant, or null when none is near: within one edit for short words, two from five
 * letters on, or one the typed word begins (`/jour` → `/journal`). Ties go to the earlier command in `commands`.
 */
export function nearestCommand(typed: string, commands: readonly string[]): string | null {
  const word = typed.toLowerCase();
  const allowed = word.length >= 5 ? 2 : 1;
  let best: { command: string; distance: number } | null = null;
  for (const command of commands) {
    const distance = editDistance(word, command);
    if (distance <= allowed && (best === null || distance < best.distance)) best = { command, distance };
  }
  if (best) return best.command;
  if (word.length < 3) return null;
  const begun = commands.filter((c) => c.startsWith(word)).sort((a, b) => a.length - b.length);
  return begun[0] ?? null;
}
