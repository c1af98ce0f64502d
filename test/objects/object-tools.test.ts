// The one definition of the tools: its derived schemas, its input rules (args as an object or a JSON text, parsed in
// one place), and that no other source file writes a tool's name or description again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolExecutor, OBJECT_TOOLS, outputText, toolInputSchema } from '../../src/objects/object-tools.ts';
import { numbersOperations } from '../llm/test-kind.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const execute = createToolExecutor(numbersOperations());
const run = async (name: string, input: unknown) => outputText(await execute(name, input));
const failure = (name: string, input: unknown) =>
  run(name, input).then(
    () => 'no error',
    (e: Error) => e.message,
  );

describe('object tools', () => {
  it('derive plain JSON Schemas from their zod inputs: object, described properties, required ids', () => {
    expect(Object.fromEntries(OBJECT_TOOLS.map((t) => [t.name, toolInputSchema(t)]))).toEqual({
      analyzeObject: {
        type: 'object',
        properties: { objId: { type: 'string', description: expect.any(String) } },
        required: ['objId'],
      },
      invokeMethod: {
        type: 'object',
        properties: {
          objId: { type: 'string', description: expect.any(String) },
          methodName: { type: 'string', description: expect.any(String) },
          args: { type: 'object', description: expect.stringContaining('{} when none') },
        },
        required: ['objId', 'methodName', 'args'],
      },
      listObjects: { type: 'object', properties: {} },
      listKinds: { type: 'object', properties: {} },
      describeKind: {
        type: 'object',
        properties: { kind: { type: 'string', description: expect.any(String) } },
        required: ['kind'],
      },
    });
  });

  it('take method args as an object, a JSON text, or not at all, and report a text that is no object', async () => {
    const range = { objId: 'numbers', methodName: 'range' };
    const asObject = JSON.parse(await run('invokeMethod', { ...range, args: { from: 3, to: 9 } }));
    expect(JSON.parse(await run('invokeMethod', { ...range, args: '{"from": 3, "to": 9}' }))).toEqual(asObject);
    expect(await run('invokeMethod', { objId: 'numbers', methodName: 'count' })).toBe('{"value":100}');
    expect(await failure('invokeMethod', { ...range, args: '{from: 3' })).toMatch(
      /^Bad args for range\(from: number, to: number\) -> Numbers: /,
    );
  });

  it('say what was expected for bad input and unknown tools', async () => {
    expect(await failure('describeKind', {})).toMatch(/^Bad input for describeKind: kind: /);
    expect(await failure('invokeMethod', { objId: 7, methodName: 'count' })).toMatch(
      /^Bad input for invokeMethod: objId: /,
    );
    expect(await failure('dropTable', {})).toBe(
      'Unknown tool "dropTable". Tools: analyzeObject, invokeMethod, listObjects, listKinds, describeKind.',
    );
  });

  it('are written once: no other source file repeats a tool description', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) =>
        statSync(path.join(dir, n)).isDirectory() ? sources(path.join(dir, n)) : [path.join(dir, n)],
      );
    const repeats = sources(path.join(REPO_ROOT, 'src'))
      .filter((file) => !file.endsWith(path.join('objects', 'object-tools.ts')))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return OBJECT_TOOLS.filter((t) => text.includes(t.description.slice(0, 40))).map(
          (t) => `${path.relative(REPO_ROOT, file)}: ${t.name}`,
        );
      });
    expect(repeats).toEqual([]);
  });
});
