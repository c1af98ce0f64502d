/**
 * A method's args as they arrive from a model, the CLI or MCP, made into what its zod schema checks: a JSON text
 * parsed, an array in the signature's order named, control characters refused, and every fault an ObjectError that
 * says what to pass instead. operations.ts's invokeMethod runs each call through parseMethodArgs.
 */
import type { MethodDefinition } from './kind.ts';
import { ObjectError } from './object-error.ts';

/** Args may arrive as a JSON text (some callers stringify them); anything else is validated as given. */
function argsObject(args: unknown): unknown {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'string') return args;
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args;
  }
}

/** C0 controls but tab and line breaks, DEL, and C1 controls: damage in any argument, never meaning. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The first string in args holding a control character, as "args.query contains U+0000 at position 4". */
function controlCharacterProblem(value: unknown, where = 'args', depth = 0): string | null {
  if (typeof value === 'string') {
    const found = CONTROL.exec(value);
    return found
      ? `${where} contains the control character U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at position ${found.index}`
      : null;
  }
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  for (const [key, item] of Object.entries(value)) {
    const problem = controlCharacterProblem(
      item,
      Array.isArray(value) ? `${where}[${key}]` : `${where}.${key}`,
      depth + 1,
    );
    if (problem) return problem;
  }
  return null;
}

/**
 * Args given as an array, in the order the signature reads (`between("2024-04-01", "2024-04-30")`), as the
 * named object the method's schema checks; null stands for a left-out optional argument. An object passes unchanged.
 */
function namedArgs(given: unknown, schema: unknown, signature: string): unknown {
  if (!Array.isArray(given)) return given;
  const shape = (schema as { shape?: unknown }).shape;
  const names = shape && typeof shape === 'object' ? Object.keys(shape) : [];
  if (given.length > names.length) {
    const takes = names.length === 0 ? 'no arguments' : `${names.length} (${names.join(', ')})`;
    throw new ObjectError(
      `Bad args for ${signature}: it takes ${takes}, got ${given.length}. Pass them in that order, or as an object {${names.map((n) => `"${n}": …`).join(', ')}}.`,
    );
  }
  return Object.fromEntries(given.flatMap((value, i) => (value === null ? [] : [[names[i], value]])));
}

/** An issue as one phrase; a message that already names its field is not prefixed again. */
export function issueText(issue: { path: PropertyKey[]; message: string }): string {
  const where = issue.path.map(String).join('.');
  return where === '' || issue.message.startsWith(where) ? issue.message : `${where}: ${issue.message}`;
}

/** The method's args checked by its schema, or an ObjectError naming what is wrong (the handle `objId` it was called on). */
export function parseMethodArgs(
  method: Pick<MethodDefinition<unknown>, 'name' | 'signature' | 'args'>,
  args: unknown,
  objId: string,
): unknown {
  const methodName = method.name;
  const control = controlCharacterProblem(argsObject(args));
  if (control)
    throw new ObjectError(`Bad args for ${method.signature}: ${control}; remove it and call again.`, {
      objId,
      methodName,
    });
  const parsed = method.args.safeParse(namedArgs(argsObject(args), method.args, method.signature));
  if (!parsed.success) {
    const problems = parsed.error.issues.map(issueText).join('; ');
    throw new ObjectError(`Bad args for ${method.signature}: ${problems}.`, { objId, methodName });
  }
  return parsed.data;
}
