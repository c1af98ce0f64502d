// Each way a PostgreSQL store cannot be used at all is one sentence naming DATABASE_URL and what to check, with the
// host, port, database and user in it and never the password; other failures are left as they are.
import { describe, expect, it } from 'vitest';
import { postgresUnreachable } from '../../../src/db/postgres/postgres-unreachable.ts';

const URL = 'postgres://diary:hunter2-secret@db.example:5433/journal';
const fault = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('postgresUnreachable', () => {
  it.each([
    [
      fault('ECONNREFUSED'),
      'Cannot reach the PostgreSQL server at db.example:5433 (ECONNREFUSED): check that it is running and that DATABASE_URL names its host and port.',
    ],
    [
      new AggregateError([fault('ECONNREFUSED'), fault('ECONNREFUSED')]),
      'Cannot reach the PostgreSQL server at db.example:5433 (ECONNREFUSED)',
    ],
    [
      fault('ENOTFOUND'),
      'The PostgreSQL host "db.example" in DATABASE_URL cannot be found (ENOTFOUND): check the host name in DATABASE_URL.',
    ],
    [
      fault('3D000'),
      'The PostgreSQL server at db.example:5433 has no database "journal": create it (createdb journal) or fix the database name in DATABASE_URL.',
    ],
    [
      fault('28P01'),
      'The PostgreSQL server at db.example:5433 refused user "diary" (28P01: wrong password or no such user): check the user and password in DATABASE_URL.',
    ],
  ])('%s', (error, sentence) => {
    const found = postgresUnreachable(error, URL);
    expect(found?.message).toContain(sentence);
    expect(found?.message).not.toContain('hunter2');
    expect(found?.setting).toBe('DATABASE_URL');
  });

  it('leaves other failures (a lock, a syntax error) to their own handling', () => {
    expect(postgresUnreachable(fault('55P03'), URL)).toBeNull();
    expect(postgresUnreachable(fault('42601'), URL)).toBeNull();
    expect(postgresUnreachable(new Error('no code'), URL)).toBeNull();
  });

  it('names the default port when the URL has none', () => {
    expect(postgresUnreachable(fault('ECONNREFUSED'), 'postgres://u:p@localhost/j')?.message).toContain(
      'at localhost:5432',
    );
  });
});
