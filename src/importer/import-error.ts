/** A fault of the export file itself: missing, not JSON, truncated, not an export. The message names the file. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly position?: { line: number; column: number; byte: number },
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${problem}`, options);
    this.name = 'ImportError';
  }
}
