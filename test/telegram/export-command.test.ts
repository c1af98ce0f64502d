// /export through the Bot API stand-in: the journal arrives as documents (JSON or Markdown), split when too big,
// and the temp files are gone afterwards.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { mediaUpdate, textUpdate } from '../helpers/updates.ts';

let t: TestApp;
afterEach(() => t.close());

async function journalOfThree(options: { exportPartBytes?: number } = {}) {
  t = await createTestApp({}, () => new Date('2024-06-01T12:00:00Z'), options);
  await t.send(textUpdate('First note #garden', { date: Date.UTC(2023, 11, 31, 20) / 1000 }));
  await t.send(textUpdate('Second note', { date: Date.UTC(2024, 0, 2, 9) / 1000 }));
  await t.send(mediaUpdate({ voice: { file_id: 'voice-9', file_unique_id: 'v9', duration: 42 } }, { date: Date.UTC(2024, 0, 3, 9) / 1000 }));
}

const documents = () => t.api.callsTo('sendDocument').map((c) => ({ caption: c.payload.caption, file: Object.values(c.payload.files ?? {})[0] as { name: string; content: Buffer } }));

describe('/export', () => {
  it('sends the whole journal as one JSON document that lists every entry, media and tags', async () => {
    await journalOfThree();
    await t.send(textUpdate('/export'));
    const [doc, ...rest] = documents();
    expect(rest).toEqual([]);
    expect(doc!.caption).toBe('Your journal: 3 entries.');
    expect(doc!.file.name).toBe('journal-2024-06-01.json');
    const parsed = JSON.parse(doc!.file.content.toString('utf8'));
    expect(parsed.entries.map((e: any) => e.content)).toEqual(['First note #garden', 'Second note', '[voice note 0:42]']);
    expect(parsed.entries[0].tags).toEqual(['garden']);
    expect(parsed.entries[2].media).toMatchObject({ kind: 'voice_note', file_id: 'voice-9', duration_seconds: 42 });
    // The command itself is not an entry.
    expect(await t.temp.db.selectFrom('entry').select('id').execute()).toHaveLength(3);
  });

  it('/export md sends one Markdown file per year', async () => {
    await journalOfThree();
    await t.send(textUpdate('/export md'));
    const docs = documents();
    expect(docs.map((d) => d.file.name)).toEqual(['2023.md', '2024.md']);
    expect(docs[1]!.file.content.toString('utf8')).toMatch(/## 2024-01-03 Wednesday\n\n### 09:00 · voice note 0:42\n<!-- entry \d+\n(?:[a-z_]+: .*\n)*lines: 1\n-->\n\[voice note 0:42\]\n/);
  });

  it('splits into several documents when over the upload limit, each a whole export', async () => {
    await journalOfThree({ exportPartBytes: 600 });
    await t.send(textUpdate('/export'));
    const docs = documents();
    expect(docs.length).toBeGreaterThan(1);
    expect(docs[0]!.caption).toBe(`Your journal: 3 entries (file 1 of ${docs.length}).`);
    const all = docs.flatMap((d) => JSON.parse(d.file.content.toString('utf8')).entries.map((e: any) => e.content));
    expect(all).toEqual(['First note #garden', 'Second note', '[voice note 0:42]']);
    expect(t.logger.lines.some((l) => l.includes('export.ready'))).toBe(true);
  });

  it('an unknown format gets the usage; no temp files are left behind', async () => {
    await journalOfThree();
    await t.send(textUpdate('/export pdf'));
    expect(t.api.callsTo('sendMessage').at(-1)!.payload.text).toMatch(/\/export md for Markdown/);
    expect(t.api.callsTo('sendDocument')).toHaveLength(0);
    const exportDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith('journal-export-'));
    const before = exportDirs();
    await t.send(textUpdate('/export'));
    expect(t.api.callsTo('sendDocument')).toHaveLength(1);
    expect(exportDirs()).toEqual(before);
  });
});
