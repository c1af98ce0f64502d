// One schema: the tables and columns the migrations make on SQLite, on PGlite and (with TEST_DATABASE_URL) on a real
// PostgreSQL server, read back from each database's catalog, must equal each other and the typed schema in
// src/db/schema.ts (read from its source and the table files it imports: the Database interface and each table's
// interface), nullability included.
// Generic on purpose: a new migration or table is compared without touching this file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import type { JournalDb } from '../../src/db/journal-database.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';
import { createTempDb, TEST_DATABASE_URL, type TempDb, type TestStore } from '../helpers/temp-db.ts';

/** table → column → nullable */
type Shape = Map<string, Map<string, boolean>>;

const SCHEMA = 'src/db/schema.ts';

/** A source file and the files of src/db/ it imports from (the table types of each area), parsed. */
function schemaFiles(rel: string): ts.SourceFile[] {
  const file = ts.createSourceFile(rel, readFileSync(path.join(REPO_ROOT, rel), 'utf8'), ts.ScriptTarget.Latest, true);
  const imported = file.statements
    .filter(ts.isImportDeclaration)
    .map((i) => (i.moduleSpecifier as ts.StringLiteral).text)
    .filter((specifier) => specifier.startsWith('./'))
    .map((specifier) => path.posix.join(path.posix.dirname(rel), specifier));
  return [file, ...imported.flatMap(schemaFiles)];
}

/** The Database interface of schema.ts: each table's interface, each field nullable when its type has `| null`. */
function typedShape(files = schemaFiles(SCHEMA)): Shape {
  const interfaces = new Map(
    files.flatMap((file) =>
      file.statements.filter(ts.isInterfaceDeclaration).map((i) => [i.name.text, { i, file }] as const),
    ),
  );
  const fields = (name: string) => {
    const declaration = interfaces.get(name);
    if (!declaration) throw new Error(`schema.ts: no interface ${name}`);
    return declaration.i.members
      .filter(ts.isPropertySignature)
      .map((m) => ({ name: m.name.getText(declaration.file), type: m.type, file: declaration.file }));
  };
  // `X | null`, or kysely's ColumnType<X | null, …> / Generated<X | null>, whose first argument is the selected type.
  const nullable = (type: ts.TypeNode | undefined, file: ts.SourceFile): boolean => {
    if (
      type !== undefined &&
      ts.isTypeReferenceNode(type) &&
      ['ColumnType', 'Generated'].includes(type.typeName.getText(file))
    )
      return nullable(type.typeArguments?.[0], file);
    return (
      type !== undefined &&
      ts.isUnionTypeNode(type) &&
      type.types.some((t) => ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword)
    );
  };
  const shape: Shape = new Map();
  for (const table of fields('Database')) {
    const tableType = table.type && ts.isTypeReferenceNode(table.type) ? table.type.typeName.getText(table.file) : null;
    if (!tableType) throw new Error(`schema.ts: Database.${table.name} is not a table interface`);
    shape.set(table.name, new Map(fields(tableType).map((f) => [f.name, nullable(f.type, f.file)])));
  }
  return shape;
}

/**
 * What the migrations made, from the catalog. Left out: the migrator's own tables, and each store's search index,
 * which the store seam keeps apart by design (SQLite: FTS5 virtual tables and their shadow tables; PostgreSQL: the
 * generated tsvector and token count columns, and entry_fts_stats, the totals BM25 reads, as FTS5 keeps its own).
 */
async function storedShape(db: JournalDb, store: TestStore): Promise<Shape> {
  const shape: Shape = new Map();
  const add = (table: string, column: string, isNullable: boolean) => {
    if (table.startsWith('kysely_')) return;
    if (!shape.has(table)) shape.set(table, new Map());
    shape.get(table)!.set(column, isNullable);
  };
  if (store === 'sqlite') {
    const tables = (
      await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master WHERE type = 'table'`.execute(db)
    ).rows;
    const virtual = tables.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
    const real = tables.filter(
      (t) => !t.name.startsWith('sqlite_') && !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)),
    );
    for (const { name } of real) {
      const columns = (
        await sql<{
          name: string;
          notnull: number;
          pk: number;
        }>`SELECT name, "notnull", pk FROM pragma_table_info(${name})`.execute(db)
      ).rows;
      // An INTEGER PRIMARY KEY is the rowid: never NULL, whatever table_info says.
      for (const c of columns) add(name, c.name, c.notnull === 0 && c.pk === 0);
    }
  } else {
    const columns = await sql<{
      table_name: string;
      column_name: string;
      is_nullable: string;
      data_type: string;
      is_generated: string;
    }>`
      SELECT table_name, column_name, is_nullable, data_type, is_generated FROM information_schema.columns
      WHERE table_schema = current_schema()`.execute(db);
    for (const c of columns.rows) {
      if (c.data_type === 'tsvector' && c.is_generated === 'ALWAYS') continue;
      if (c.table_name === 'entry' && c.column_name === 'search_length' && c.is_generated === 'ALWAYS') continue;
      if (c.table_name === 'entry_fts_stats') continue;
      add(c.table_name, c.column_name, c.is_nullable === 'YES');
    }
  }
  return shape;
}

/** Every table or column one side has and the other has not, or holds with other nullability; empty when they agree. */
function differences(left: [string, Shape], right: [string, Shape]): string[] {
  const out: string[] = [];
  const [a, as] = left;
  const [b, bs] = right;
  for (const table of new Set([...as.keys(), ...bs.keys()])) {
    const ac = as.get(table);
    const bc = bs.get(table);
    if (!ac || !bc) {
      out.push(`table ${table}: only in ${ac ? a : b}`);
      continue;
    }
    for (const column of new Set([...ac.keys(), ...bc.keys()])) {
      if (!ac.has(column) || !bc.has(column)) out.push(`${table}.${column}: only in ${ac.has(column) ? a : b}`);
      else if (ac.get(column) !== bc.get(column))
        out.push(`${table}.${column}: nullable in ${ac.get(column) ? a : b}, not in ${ac.get(column) ? b : a}`);
    }
  }
  return out.sort();
}

const LABEL: Record<TestStore, string> = {
  sqlite: 'SQLite (migrations/)',
  pglite: 'PGlite (migrations/postgres/)',
  postgres: 'PostgreSQL (migrations/postgres/)',
};
const stores: TestStore[] = ['sqlite', 'pglite', ...(TEST_DATABASE_URL ? (['postgres'] as const) : [])];
const opened: TempDb[] = [];
afterAll(async () => {
  for (const temp of opened) await temp.cleanup();
});

describe('one schema', () => {
  const typed: [string, Shape] = ['src/db/schema.ts', typedShape()];

  it('reads the typed schema: every table of Database with its fields', () => {
    expect(typed[1].get('entry')?.get('content')).toBe(false);
    expect(typed[1].get('entry')?.get('edited_at')).toBe(true);
    expect(typed[1].size).toBeGreaterThan(10);
  });

  it.each(stores)(
    'the migrated %s schema has exactly the typed tables and columns',
    async (store) => {
      const temp = await createTempDb(store);
      opened.push(temp);
      expect(differences(typed, [LABEL[store], await storedShape(temp.db, store)])).toEqual([]);
    },
    120_000,
  );

  if (!TEST_DATABASE_URL) it.skip('on a real PostgreSQL server (skipped: TEST_DATABASE_URL is unset)', () => undefined);

  it('catches a difference: a column, a table and a nullability that do not agree', () => {
    const stored: Shape = new Map([...typed[1]].map(([t, c]) => [t, new Map(c)]));
    stored.get('entry')!.delete('title');
    stored.get('entry')!.set('content', true);
    stored.set('extra_table', new Map([['id', false]]));
    expect(differences(typed, ['stored', stored])).toEqual([
      'entry.content: nullable in stored, not in src/db/schema.ts',
      'entry.title: only in src/db/schema.ts',
      'table extra_table: only in stored',
    ]);
  });
});
