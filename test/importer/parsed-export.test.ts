// The export parsed inline (small files) and on the worker (big files) hands the importer the same chunks and the
// same outline; a small file takes the inline path by size, and a broken file fails the same way on both.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INLINE_PARSE_MAX_BYTES } from '../../src/importer/telegram-export/parse-thread.ts';
import { readParsedExport, type ParseOptions } from '../../src/importer/telegram-export/parsed-export.ts';
import { ParseThread } from '../../src/importer/telegram-export/parse-thread.ts';
import { writeSyntheticExport } from '../../scripts/synthetic-export.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'parsed-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const choice = { ownerId: 111, timeZone: 'Europe/Berlin', chats: [], botId: 4242 };

async function readAll(file: string, options: ParseOptions) {
  const { outline, batches } = readParsedExport(
    file,
    { name: path.basename(file), options: choice, rows: { now: new Date('2024-06-01T12:00:00Z') } },
    options,
  );
  const items = [];
  let error: unknown = null;
  try {
    for await (const batch of batches) items.push(...batch.items);
  } catch (e) {
    error = e;
  }
  return {
    items,
    shape: outline.shape,
    exporterId: outline.exporterId,
    chats: [...outline.chats.values()],
    error: error instanceof Error ? error.message : error,
  };
}

describe('readParsedExport', () => {
  it('inline and worker parsing agree on every item and on the outline', { timeout: 60_000 }, async () => {
    const made = await writeSyntheticExport(path.join(dir, 'mixed.json'), {
      messages: 3_000,
      shape: 'full',
      mix: true,
    });
    expect(made.bytes).toBeLessThan(INLINE_PARSE_MAX_BYTES);
    const inline = await readAll(made.file, { thread: 'inline' });
    const worker = await readAll(made.file, { thread: 'worker' });
    expect(inline.items.length).toBeGreaterThanOrEqual(3_000);
    expect(inline).toEqual(worker);
    expect(await readAll(made.file, {})).toEqual(inline);
  });

  it(
    'a thread started ahead of its file reads it as one started for it; one not needed (a small file) is ended',
    { timeout: 60_000 },
    async () => {
      const made = await writeSyntheticExport(path.join(dir, 'ahead.json'), {
        messages: 1_000,
        shape: 'full',
        mix: true,
      });
      const fresh = await readAll(made.file, { thread: 'worker' });
      expect(await readAll(made.file, { thread: 'worker', started: new ParseThread() })).toEqual(fresh);
      const unused = new ParseThread();
      expect(await readAll(made.file, { started: unused })).toEqual(fresh); // small: read inline
      await expect(unused.next()).rejects.toThrow(/stopped/);
    },
  );

  it("the parse worker loads no zod: it would be 150 ms of the worker's start", async () => {
    const { build } = await import('esbuild');
    const bundle = await build({
      entryPoints: [path.join(REPO_ROOT, 'src/importer/telegram-export/parse-worker.ts')],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const packages = [...bundle.outputFiles[0]!.text.matchAll(/^import .* from "([^".][^"]*)";$/gm)].map((m) => m[1]);
    expect(packages.filter((p) => p === 'zod' || p!.startsWith('zod/'))).toEqual([]);
  });

  it(
    'a truncated file fails with the same error, after the same whole chunks, on both paths',
    { timeout: 60_000 },
    async () => {
      const made = await writeSyntheticExport(path.join(dir, 'whole.json'), { messages: 2_000 });
      const cut = path.join(dir, 'cut.json');
      const text = readFileSync(made.file, 'utf8');
      writeFileSync(cut, text.slice(0, Math.floor(statSync(made.file).size * 0.7)));
      const inline = await readAll(cut, { thread: 'inline' });
      const worker = await readAll(cut, { thread: 'worker' });
      expect(inline.error).toBeTruthy();
      expect(inline).toEqual(worker);
    },
  );
});
