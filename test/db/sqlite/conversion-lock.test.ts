// The conversion lock (db/sqlite/conversion-lock.ts) with real processes: while another process holds it, every opener
// waits (saying so) or gives up saying why, and never opens the journal; once that process is killed (SIGKILL), the
// next opener finds the lock free and removes the converting copy it left. A -wal of the other format is refused,
// named.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  conversionCopyPath,
  conversionLockPath,
  conversionUnderWay,
  takeConversionLock,
  waitForConversion,
} from '../../../src/db/sqlite/conversion-lock.ts';
import { convertJournal } from '../../../src/db/sqlite/convert-encryption.ts';
import { DatabaseFileError } from '../../../src/db/database-file-error.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { openDatabase } from '../../../src/db/sqlite/open-database.ts';
import { walFormat } from '../../../src/db/sqlite/wal-format.ts';
import { seedEntries } from '../../helpers/seed-entries.ts';

const KEY = 'lock test key';
let dir: string;
let file: string;
let holder: ChildProcess | null = null;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'conversion-lock-'));
  file = path.join(dir, 'journal.sqlite');
});
afterEach(() => {
  holder?.kill('SIGKILL');
  holder = null;
  rmSync(dir, { recursive: true, force: true });
});

async function journalWith(key: string | null): Promise<void> {
  const db = openDatabase(file, { key });
  await migrateToLatest(db);
  await seedEntries(db, 5, [['2024-05-01T10:00:00Z', 'a walk by the river']]);
  await db.destroy();
}

/** Another process holding the conversion lock, as npm run encrypt does from its first check to its rename. */
async function holdLockInAnotherProcess(): Promise<ChildProcess> {
  writeFileSync(conversionLockPath(file), '');
  const script = `const S = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
    const c = new S(${JSON.stringify(conversionLockPath(file))}); c.pragma('journal_mode = MEMORY'); c.exec('BEGIN EXCLUSIVE');
    process.stdout.write('held\\n'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return child;
}

describe('the conversion lock', () => {
  it('an opener waits for a conversion, says so, and gives up without opening; a killed holder frees it', async () => {
    await journalWith(null);
    holder = await holdLockInAnotherProcess();
    writeFileSync(conversionCopyPath(file), 'a plain copy a killed decrypt left');
    expect(conversionUnderWay(file)).toBe(true);
    const said: string[] = [];
    expect(() => waitForConversion(file, { warn: (l) => said.push(l), waitMs: 200 })).toThrow(DatabaseFileError);
    expect(said.join('\n')).toMatch(/is being encrypted or decrypted by another process .*waiting for it to finish/);
    expect(takeConversionLock(file, 100)).toBeNull();
    expect(() => convertJournal(file, null, KEY)).toThrow(
      /is being converted by another npm run encrypt or decrypt; nothing was changed/,
    );
    expect(existsSync(conversionCopyPath(file))).toBe(true);

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder!.once('close', resolve));
    holder = null;
    expect(conversionUnderWay(file)).toBe(false);
    const db = openDatabase(file, { mustExist: true });
    expect(existsSync(conversionCopyPath(file))).toBe(false);
    expect(await db.selectFrom('entry').select('content').execute()).toEqual([{ content: 'a walk by the river' }]);
    await db.destroy();
  });

  it('a conversion can run again after one was killed: it takes the free lock and replaces the copy left behind', async () => {
    await journalWith(null);
    writeFileSync(conversionLockPath(file), '');
    writeFileSync(conversionCopyPath(file), 'left by a killed run');
    expect(convertJournal(file, null, KEY).entries).toBe(1);
    expect(existsSync(conversionCopyPath(file))).toBe(false);
    const db = openDatabase(file, { key: KEY, mustExist: true });
    expect(await db.selectFrom('entry').select('content').execute()).toHaveLength(1);
    await db.destroy();
  });
});

describe('a -wal of the other format', () => {
  /** A -wal with frames in it: copied while a connection that wrote still holds the journal open. */
  async function walOf(key: string | null): Promise<Buffer> {
    const source = path.join(dir, `${key ? 'keyed' : 'plain'}.sqlite`);
    const db = openDatabase(source, { key });
    await migrateToLatest(db);
    await seedEntries(db, 5, [['2024-05-02T10:00:00Z', 'written after the conversion began']]);
    const wal = readFileSync(`${source}-wal`);
    await db.destroy();
    return wal;
  }

  it('is told apart: plain frames from encrypted ones', async () => {
    const plain = await walOf(null);
    const keyed = await walOf(KEY);
    await journalWith(null);
    writeFileSync(`${file}-wal`, plain);
    expect(walFormat(file)).toBe('plain');
    writeFileSync(`${file}-wal`, keyed);
    expect(walFormat(file)).toBe('encrypted');
  });

  it('a -wal a checkpoint truncated after its size was read holds nothing to apply, not an encrypted header', async () => {
    const keyed = await walOf(KEY);
    await journalWith(null);
    const frameBytes = 24 + keyed.readUInt32BE(8);
    // The size a stat saw before the truncation, and what the file holds when it is read: nothing, or part of a frame.
    writeFileSync(`${file}-wal`, Buffer.alloc(0));
    expect(walFormat(file, keyed.length)).toBe('none');
    writeFileSync(`${file}-wal`, keyed.subarray(0, 32 + frameBytes + 100));
    expect(walFormat(file, keyed.length)).toBe('none');
    // Read whole, the same bytes are what they are.
    writeFileSync(`${file}-wal`, keyed);
    expect(walFormat(file)).toBe('encrypted');
    expect(() => openDatabase(file, { mustExist: true })).toThrow(/an encrypted -wal/);
  });

  it('an encrypted -wal is called so after its first transactions: frames past them are not read', async () => {
    const plain = await walOf(null);
    // Ten entries written one by one: ten transactions in the -wal.
    const source = path.join(dir, 'many.sqlite');
    const db = openDatabase(source, { key: KEY });
    await migrateToLatest(db);
    for (let i = 0; i < 10; i += 1) await seedEntries(db, 5, [['2024-05-02T10:00:00Z', `entry ${i}`]]);
    const keyed = readFileSync(`${source}-wal`);
    await db.destroy();
    await journalWith(KEY);
    const frameBytes = 24 + keyed.readUInt32BE(8);
    const commits = (wal: Buffer, frames: number) =>
      Array.from({ length: frames }, (_, i) => wal.readUInt32BE(32 + i * frameBytes + 4)).filter((size) => size !== 0)
        .length;
    // More than the eight transactions looked at.
    expect(commits(keyed, Math.floor((keyed.length - 32) / frameBytes))).toBeGreaterThan(8);
    // Plain frames after them (as the file never holds) are past what is read; before them they settle it.
    writeFileSync(`${file}-wal`, Buffer.concat([keyed, plain.subarray(32)]));
    expect(walFormat(file)).toBe('encrypted');
    writeFileSync(`${file}-wal`, Buffer.concat([keyed.subarray(0, 32 + frameBytes), plain.subarray(32)]));
    expect(walFormat(file)).toBe('plain');
  });

  it('a plain -wal that begins with a run of overflow pages (a large random value, like a photo) is still plain', async () => {
    const source = path.join(dir, 'blob.sqlite');
    const db = openDatabase(source);
    await migrateToLatest(db);
    const raw = new (createRequire(import.meta.url)('better-sqlite3'))(source);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.exec('CREATE TABLE blob_test (b BLOB)');
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.prepare('INSERT INTO blob_test VALUES (?)').run(randomBytes(600_000));
    expect(walFormat(source)).toBe('plain');
    raw.close();
    await db.destroy();
  });

  it('a plain -wal beside an encrypted journal is refused, naming it and how to recover; nothing is changed', async () => {
    const plain = await walOf(null);
    await journalWith(KEY);
    writeFileSync(`${file}-wal`, plain);
    const before = readFileSync(file);
    expect(() => openDatabase(file, { key: KEY, mustExist: true })).toThrow(
      /-wal is a plain \(unencrypted\) -wal, but .* is encrypted: .*Move .*-wal and .*-shm into another folder/,
    );
    expect(() => convertJournal(file, KEY, null)).toThrow(/-wal is a plain \(unencrypted\) -wal/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readFileSync(`${file}-wal`).equals(plain)).toBe(true);
    // Moved aside as the message says, the journal opens.
    copyFileSync(`${file}-wal`, path.join(dir, 'kept-wal'));
    rmSync(`${file}-wal`);
    rmSync(`${file}-shm`, { force: true });
    const db = openDatabase(file, { key: KEY, mustExist: true });
    expect(await db.selectFrom('entry').select('content').execute()).toHaveLength(1);
    await db.destroy();
  });

  it('an encrypted -wal beside a plain journal is refused the same way', async () => {
    const keyed = await walOf(KEY);
    await journalWith(null);
    writeFileSync(`${file}-wal`, keyed);
    expect(() => openDatabase(file, { mustExist: true })).toThrow(/-wal is an encrypted -wal, but .* is plain/);
  });
});
