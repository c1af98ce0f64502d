// Every calendar and zone computation goes through src/journal/dates/ (date-fns + @date-fns/tz): no other file in
// src/ or scripts/ does date arithmetic by hand. Tests may (their oracles use Intl on purpose).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/run-entry-point.ts';

const LAYER = path.join('src', 'journal', 'dates') + path.sep;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|mts|mjs|js)$/.test(name) ? [full] : [];
  });
}

/** What hand-written date work looks like, and what to use instead. */
const PATTERNS: [RegExp, string][] = [
  [/\b86_?400_?000\b|\b864e5\b|\b86_?400\s*\*\s*1_?000\b/i, 'a day in ms (addDays, daysBetween)'],
  [/\b3_?600_?000\b|\b36e5\b/i, 'an hour in ms (HOUR_MS)'],
  [/\bDate\.UTC\s*\(/, 'Date.UTC (instantFromLocal, instantOnDay, the calendar-day helpers)'],
  [/\bDate\.parse\s*\(/, 'Date.parse (isCalendarDay, instantFromLocal)'],
  [/formatToParts/, 'formatToParts (localMoment)'],
  [/getTimezoneOffset/, 'getTimezoneOffset (zoneOffset)'],
  [
    /\.(get|set)UTC(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\s*\(/,
    'UTC getters/setters (calendar-day, instant-format)',
  ],
  [
    /toISOString\(\)\.slice\(\s*0\s*,\s*(4|7|10|13|16|19)\s*\)/,
    'a sliced ISO string (utcDay, utcMinute, utcFileStamp)',
  ],
  [/Intl\.DateTimeFormat/, 'Intl.DateTimeFormat (systemTimeZone, isTimeZone, localMoment)'],
  [/new Date\(\s*`\$\{[^`]*\}T\d/, 'a Date built from a day string (instantOnDay)'],
  [/from\s+['"](date-fns|@date-fns\/tz)(\/[^'"]*)?['"]/, 'date-fns imported directly (the layer wraps it)'],
];

// scripts/fuzz.mjs and scripts/healthcheck.mjs run under plain node and cannot import the TypeScript layer: one stamps
// a report line, the other only measures how old an instant the bot wrote is (no calendar work).
const EXEMPT = new Set([path.join('scripts', 'fuzz.mjs'), path.join('scripts', 'healthcheck.mjs')]);

const files = [...sourceFiles(path.join(REPO_ROOT, 'src')), ...sourceFiles(path.join(REPO_ROOT, 'scripts'))]
  .map((file) => path.relative(REPO_ROOT, file))
  .filter((rel) => !rel.startsWith(LAYER) && !EXEMPT.has(rel));

describe('the date layer is the only place doing date work', () => {
  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(path.join('src', 'importer', 'telegram-export', 'parse-message.ts'));
  });

  it.each(PATTERNS)('no file outside src/journal/dates/ matches %s', (pattern, instead) => {
    const offending = files.flatMap((rel) =>
      readFileSync(path.join(REPO_ROOT, rel), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          pattern.test(line) && !/^\s*(\/\/|\*)/.test(line)
            ? [`${rel}:${i + 1}: ${line.trim().slice(0, 100)} → ${instead}`]
            : [],
        ),
    );
    expect(offending).toEqual([]);
  });

  it('the layer itself is built on date-fns and @date-fns/tz', () => {
    const layer = sourceFiles(path.join(REPO_ROOT, LAYER))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(layer).toMatch(/from 'date-fns\//);
    expect(layer).toMatch(/from '@date-fns\/tz\//);
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['date-fns', '@date-fns/tz']));
  });
});
