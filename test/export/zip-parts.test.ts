// The zip writer behind /export's parts: a member it cannot read fails the zip with the reason (yazl reports it as an
// event, which unheard would end the process), and a written zip reads back with the project's own zip reader.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeZip } from '../../src/export/zip-parts.ts';
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
  await expect(writeZip(path.join(dir, 'out.zip'), [{ file: path.join(dir, 'gone.jpg'), name: 'media/gone.jpg', compress: false }])).rejects.toThrow(/ENOENT/);
});
