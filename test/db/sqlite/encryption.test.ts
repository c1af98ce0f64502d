// Encryption at rest (JOURNAL_KEY): the file's bytes hold no entry text and no SQLite header; a wrong or missing key
// is one line naming JOURNAL_KEY and leaves the file as it was; encrypt → decrypt round-trips; backups stay encrypted.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/config.ts';
import { backupDatabase } from '../../../src/db/sqlite/backup.ts';
import { ConversionError, convertJournal } from '../../../src/db/sqlite/convert-encryption.ts';
import { JournalKeyError } from '../../../src/db/database-file-error.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { openDatabase } from '../../../src/db/sqlite/open-database.ts';
import type { JournalDb } from '../../../src/db/journal-database.ts';
import { createJournalOperations } from '../../../src/journal/journal-operations.ts';
import { REPO_ROOT } from '../../helpers/run-entry-point.ts';
import { seedEntries } from '../../helpers/seed-entries.ts';

const KEY = `a "passphrase" with 'quotes', a backslash \\ and ünïcode`;
const PLANTED = 'PLANTED-xq7-lighthouse';
const OWNER = 111;

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'journal-encryption-'));
  file = path.join(dir, 'journal.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
const bytesOf = (f: string) => Buffer.concat([f, `${f}-wal`].filter((x) => existsSync(x)).map((x) => readFileSync(x)));

async function journalWith(key: string | null, count = 30): Promise<void> {
  const db = openDatabase(file, { key });
  await migrateToLatest(db);
  await seedEntries(
    db,
    OWNER,
    Array.from(
      { length: count },
      (_, i) => [`2024-04-${String((i % 28) + 1).padStart(2, '0')}T09:00:00Z`, `${PLANTED} walk number ${i}`] as const,
    ),
  );
  await db.destroy();
}

async function entryTexts(db: JournalDb): Promise<string[]> {
  return (await db.selectFrom('entry').select('content').orderBy('id').execute()).map((r) => r.content);
}

/** Entries a full-text search finds, through the journal's own search method. */
async function searchCount(db: JournalDb, query: string): Promise<unknown> {
  const ops = createJournalOperations(db, OWNER, { timeZone: 'UTC' });
  const view = await ops.invokeMethod('journal', 'search', { query });
  if (view.type !== 'object') throw new Error('search did not return a view');
  const count = await ops.invokeMethod(view.objId, 'getTotalEntryCount', {});
  return count.type === 'value' ? count.value : null;
}

describe('an encrypted journal', { timeout: 60_000 }, () => {
  it('holds no entry text in its bytes or its -wal, and does not start with the SQLite header', async () => {
    const db = openDatabase(file, { key: KEY });
    await migrateToLatest(db);
    await seedEntries(db, OWNER, [['2024-04-01T09:00:00Z', `${PLANTED} on the beach`]]);
    // While open, the write sits in the -wal: encrypted there too.
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(bytesOf(file).includes(PLANTED)).toBe(false);
    expect(await entryTexts(db)).toEqual([`${PLANTED} on the beach`]);
    // Full-text search works on the encrypted file.
    expect(await searchCount(db, 'beach')).toBe(1);
    await db.destroy();
    expect(readFileSync(file).subarray(0, 16).toString('latin1')).not.toBe('SQLite format 3\u0000');
    expect(bytesOf(file).includes(PLANTED)).toBe(false);

    const again = openDatabase(file, { key: KEY, mustExist: true });
    expect(await entryTexts(again)).toEqual([`${PLANTED} on the beach`]);
    await again.destroy();
  });

  it('without the key or with a wrong one: a JournalKeyError naming JOURNAL_KEY, and the file untouched byte for byte', async () => {
    await journalWith(KEY);
    const before = sha(file);
    expect(() => openDatabase(file, { mustExist: true })).toThrow(/set JOURNAL_KEY/);
    expect(() => openDatabase(file)).toThrow(
      /file is not a database\); nothing was changed\. If it is an encrypted journal, set JOURNAL_KEY \(or JOURNAL_KEY_FILE\) to its key\.$/,
    );
    expect(() => openDatabase(file, { key: 'wrong' })).toThrow(/^JOURNAL_KEY does not open .*: the key is wrong/);
    expect(sha(file)).toBe(before);
    expect(existsSync(`${file}-wal`) || existsSync(`${file}-shm`)).toBe(false);
  });

  it('a plain journal opened with a key says to encrypt it, and is left as it was', async () => {
    await journalWith(null);
    const before = sha(file);
    expect(() => openDatabase(file, { key: KEY })).toThrow(
      /is not encrypted, but JOURNAL_KEY is set: encrypt it with npm run encrypt/,
    );
    expect(sha(file)).toBe(before);
  });

  it('opens with plain better-sqlite3 when no key is set (the journal works exactly as before)', async () => {
    await journalWith(null);
    expect(readFileSync(file).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');
    const raw = new SQLite(file, { readonly: true });
    expect(raw.prepare('SELECT count(*) FROM entry').pluck().get()).toBe(30);
    raw.close();
  });
});

// Each open of an encrypted file derives its key (PBKDF2, about 0.1 s): room for a loaded machine.
describe('npm run encrypt / decrypt (convertJournal)', { timeout: 90_000 }, () => {
  it('round-trips a journal with the same entries, each step checked, leaving no other file behind', async () => {
    await journalWith(null, 120);
    const plain = openDatabase(file);
    const texts = await entryTexts(plain);
    await plain.destroy();

    expect(convertJournal(file, null, KEY)).toEqual({ tables: expect.any(Number), entries: 120 });
    expect(readFileSync(file).subarray(0, 16).toString('latin1')).not.toBe('SQLite format 3\u0000');
    expect(readFileSync(file).includes(PLANTED)).toBe(false);
    const encrypted = openDatabase(file, { key: KEY, mustExist: true });
    expect(await entryTexts(encrypted)).toEqual(texts);
    expect(await searchCount(encrypted, 'walk')).toBe(120);
    await encrypted.destroy();

    convertJournal(file, KEY, null);
    expect(readFileSync(file).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');
    const back = openDatabase(file, { mustExist: true });
    expect(await entryTexts(back)).toEqual(texts);
    await back.destroy();
    // The empty lock file every conversion leaves (db/sqlite/conversion-lock.ts), and nothing else.
    expect(readdirSync(dir).sort()).toEqual(['journal.sqlite', 'journal.sqlite.conversion-lock']);
    expect(readFileSync(`${file}.conversion-lock`).length).toBe(0);
  });

  it('refuses while another process has the journal open (the bot), changing nothing', async () => {
    await journalWith(null);
    const before = sha(file);
    // A second process with the journal open, as a running bot has it.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const D = require('better-sqlite3'); const d = new D(${JSON.stringify(file)}); d.prepare('SELECT count(*) FROM entry').get(); console.log('open'); setInterval(() => {}, 1000);`,
      ],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      expect(() => convertJournal(file, null, KEY)).toThrow(
        /is open in another process \(is the bot running\?\): stop it/,
      );
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('close', resolve));
    }
    expect(sha(file)).toBe(before);
    expect(readdirSync(dir).filter((f) => f.includes('converting') || f.includes('key-holder'))).toEqual([]);
  });

  it('says plainly when there is nothing to do or the key is wrong', async () => {
    await journalWith(KEY);
    const before = sha(file);
    expect(() => convertJournal(file, null, KEY)).toThrow(ConversionError);
    expect(() => convertJournal(file, 'wrong', null)).toThrow(/^JOURNAL_KEY does not open/);
    expect(sha(file)).toBe(before);
  });
});

describe('backups of an encrypted journal', { timeout: 60_000 }, () => {
  it('are encrypted with the same key and pass integrity_check', async () => {
    await journalWith(KEY);
    const copy = path.join(dir, 'backup.sqlite');
    const result = await backupDatabase(file, copy, KEY);
    expect(result.integrity).toBe('ok');
    expect(result.pages).toBeGreaterThan(0);
    expect(readFileSync(copy).includes(PLANTED)).toBe(false);
    expect(readFileSync(copy).subarray(0, 16).toString('latin1')).not.toBe('SQLite format 3\u0000');
    const db = openDatabase(copy, { key: KEY, mustExist: true });
    expect(await entryTexts(db)).toHaveLength(30);
    await db.destroy();
    await expect(backupDatabase(file, path.join(dir, 'other.sqlite'))).rejects.toThrow(JournalKeyError);
    expect(existsSync(path.join(dir, 'other.sqlite'))).toBe(false);
  });
});

describe('JOURNAL_KEY and JOURNAL_KEY_FILE', () => {
  it('reads the key from the file without its last line break, and refuses both at once', () => {
    const keyFile = path.join(dir, 'key');
    writeFileSync(keyFile, `${KEY}\n`, { mode: 0o600 });
    expect(parseConfig({ JOURNAL_KEY_FILE: keyFile }).journalKey).toBe(KEY);
    expect(parseConfig({ JOURNAL_KEY: ' spaced key ' }).journalKey).toBe(' spaced key ');
    expect(parseConfig({}).journalKey).toBeNull();
    expect(() => parseConfig({ JOURNAL_KEY: 'a', JOURNAL_KEY_FILE: keyFile })).toThrow(
      /JOURNAL_KEY and JOURNAL_KEY_FILE are both set/,
    );
    expect(() => parseConfig({ JOURNAL_KEY_FILE: path.join(dir, 'missing') })).toThrow(
      /JOURNAL_KEY_FILE .* cannot be read \(ENOENT\)/,
    );
  });

  it('refuses a key of only spaces from JOURNAL_KEY and from JOURNAL_KEY_FILE; an empty JOURNAL_KEY is unset', () => {
    const keyFile = path.join(dir, 'spaces');
    writeFileSync(keyFile, '   \n', { mode: 0o600 });
    expect(() => parseConfig({ JOURNAL_KEY_FILE: keyFile })).toThrow(
      /JOURNAL_KEY_FILE .* is only spaces; it must hold the journal's key/,
    );
    expect(() => parseConfig({ JOURNAL_KEY: '   ' })).toThrow(/JOURNAL_KEY is only spaces/);
    expect(() => parseConfig({ JOURNAL_KEY: '\t' })).toThrow(/JOURNAL_KEY is only spaces/);
    expect(parseConfig({ JOURNAL_KEY: '' }).journalKey).toBeNull();
  });
});
