// The zip writer behind /export's parts: a member it cannot read fails the zip with the reason (yazl reports it as an
// event, which unheard would end the process), and a written zip reads back with the project's own zip reader. The
// planner packs each export file with the media its entries name (never what their text says), starting a new part
// when the file and its media would not fit beside what the part already holds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { planZipParts, writeZip } from '../../src/export/zip-parts.ts';
import { listZip, readZipMember } from '../../src/importer/sources/zip-reader.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'zip-parts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('writes the members (text deflated, media stored) so that they read back whole', async () => {
  writeFileSync(path.join(dir, 'export.json'), '{"entries":[]}\n'.repeat(100));
  writeFileSync(path.join(dir, 'photo.jpg'), Buffer.alloc(5_000, 7));
  const zip = path.join(dir, 'out.zip');
  await writeZip(zip, [
    { file: path.join(dir, 'export.json'), name: 'export.json', compress: true },
    { file: path.join(dir, 'photo.jpg'), name: 'media/photo.jpg', compress: false },
  ]);
  const members = await listZip(zip);
  expect(members.map((m) => [m.name, m.method])).toEqual([
    ['export.json', 8],
    ['media/photo.jpg', 0],
  ]);
  const chunks: Buffer[] = [];
  for await (const chunk of readZipMember(zip, members[1]!)) chunks.push(chunk);
  expect(Buffer.concat(chunks)).toEqual(Buffer.alloc(5_000, 7));
});

it('a member that cannot be read fails the zip with the reason, and the process goes on', async () => {
  await expect(
    writeZip(path.join(dir, 'out.zip'), [
      { file: path.join(dir, 'gone.jpg'), name: 'media/gone.jpg', compress: false },
    ]),
  ).rejects.toThrow(/ENOENT/);
});

/** A medium in the folder's media/: `media/<64 hex>.jpg` of `bytes` bytes. */
function medium(digit: string, bytes: number): string {
  const name = `media/${digit.repeat(64)}.jpg`;
  mkdirSync(path.join(dir, 'media'), { recursive: true });
  writeFileSync(path.join(dir, name), Buffer.alloc(bytes, 1));
  return name;
}

function exportFile(name: string, text: string, media: string[]) {
  writeFileSync(path.join(dir, name), text);
  return { path: path.join(dir, name), media };
}

const names = (plan: Awaited<ReturnType<typeof planZipParts>>) =>
  plan.parts.map((members) => members.map((m) => m.name));

it('a year file whose media would not fit beside the part so far starts a part of its own: no medium is left out', async () => {
  const limit = 32 * 1024;
  const a = medium('a', 20_000);
  const b = medium('b', 20_000);
  const files = [exportFile('2023.md', '# Journal 2023\n', [a]), exportFile('2024.md', '# Journal 2024\n', [b])];
  const plan = await planZipParts(dir, files, limit, { oneFilePerPart: false });
  expect(names(plan)).toEqual([
    ['2023.md', a],
    ['2024.md', b],
  ]);
  expect(plan.leftOut).toEqual([]);
  // Each planned zip, written, stays within the limit.
  for (const [i, members] of plan.parts.entries())
    expect(await writeZip(path.join(dir, `part${i}.zip`), members)).toBeLessThanOrEqual(limit);
});

it('year files whose media fit together share a part; a medium too big for any part is left out, once', async () => {
  const limit = 32 * 1024;
  const a = medium('a', 5_000);
  const b = medium('b', 5_000);
  const huge = medium('c', 40_000);
  const files = [exportFile('2023.md', 'x', [a, huge]), exportFile('2024.md', 'y', [b, huge])];
  const plan = await planZipParts(dir, files, limit, { oneFilePerPart: false });
  expect(names(plan)).toEqual([['2023.md', a, '2024.md', b]]);
  expect(plan.leftOut).toEqual([{ name: huge, bytes: 40_000 }]);
});

it("an entry's text naming a medium adds nothing to the plan: only the media its items name go in", async () => {
  const limit = 32 * 1024;
  const named = medium('d', 25_000);
  const mentioned = medium('e', 25_000);
  // The text mentions both media (as an entry's own words may); the entry's media items name only one.
  const files = [exportFile('2024.md', `see ${mentioned} and ![](${named})\n`, [named])];
  const plan = await planZipParts(dir, files, limit, { oneFilePerPart: false });
  expect(names(plan)).toEqual([['2024.md', named]]);
  expect(plan.leftOut).toEqual([]);
  expect(await writeZip(path.join(dir, 'out.zip'), plan.parts[0]!)).toBeLessThanOrEqual(limit);
});

it('a medium named but not in the folder (a reference only) is no member', async () => {
  const files = [exportFile('journal.json', '{}', [`media/${'f'.repeat(64)}.jpg`])];
  const plan = await planZipParts(dir, files, 32 * 1024, { oneFilePerPart: true });
  expect(names(plan)).toEqual([['journal.json']]);
  expect(plan.leftOut).toEqual([]);
});
