/** What a command that creates or migrates the journal prints while another process holds its write lock. */
export function lockedLine(where: string, waitedMs: number): void {
  console.error(
    `${where} is locked by another process (a backup, the bot migrating?); waiting (${Math.round(waitedMs / 1000)} s so far)…`,
  );
}
