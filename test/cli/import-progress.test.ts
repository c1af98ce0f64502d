// Plain (non-terminal) import progress: the 100 % line once per pass, and small files in kB rather than "0.0 MB".
import { describe, expect, it } from 'vitest';
import { createProgressReporter } from '../../src/cli/import-progress.ts';

function plainStream() {
  const lines: string[] = [];
  const stream = { isTTY: false, write: (chunk: string) => lines.push(chunk) === 0 } as unknown as NodeJS.WriteStream;
  return { stream, lines };
}

const progress = (bytesRead: number, totalBytes: number, messages: number, pass: 1 | 2 = 1) => ({
  bytesRead,
  totalBytes,
  messages,
  imported: messages,
  pass,
});

describe('plain import progress', () => {
  it('prints the finished line once per pass, however many updates arrive after the whole file is read', () => {
    const { stream, lines } = plainStream();
    const reporter = createProgressReporter(stream);
    reporter.update(progress(30_000, 30_000, 10));
    reporter.update(progress(30_000, 30_000, 12));
    reporter.update(progress(30_000, 30_000, 12));
    reporter.update(progress(30_000, 30_000, 12, 2));
    reporter.update(progress(30_000, 30_000, 12, 2));
    reporter.stop();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^import: 100% \(30 kB of 30 kB\), 10 messages/);
    expect(lines[1]).toMatch(/^import \(second pass\): 100% /);
  });

  it('shows megabytes for big files', () => {
    const { stream, lines } = plainStream();
    createProgressReporter(stream).update(progress(2_500_000, 120_000_000, 900));
    expect(lines[0]).toMatch(/^import: 2% \(2\.5 MB of 120\.0 MB\), 900 messages/);
  });
});
