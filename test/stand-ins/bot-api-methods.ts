// The Bot API as the installed @grammyjs/types declares it: every method of its `ApiMethods` and the parameters each
// takes, read from the package's own methods.d.ts with TypeScript's parser (no hand list: a grammY upgrade brings its
// methods with it). The stand-in refuses what is not there as Telegram does: an unknown method 404 "Not Found", an
// unknown parameter 400 "Bad Request: …".
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/** methods.d.ts of the @grammyjs/types grammY itself resolves (the types of the calls it sends). */
export function grammyMethodsFile(): string {
  const fromGrammy = createRequire(createRequire(import.meta.url).resolve('grammy'));
  return path.join(path.dirname(fromGrammy.resolve('@grammyjs/types/package.json')), 'methods.d.ts');
}

/** Each method's name → the names of its parameters (empty for a method without any). */
export function parseBotApiMethods(declarations: string): Map<string, Set<string>> {
  const source = ts.createSourceFile('methods.d.ts', declarations, ts.ScriptTarget.Latest, false);
  const api = source.statements.find(
    (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'ApiMethods',
  );
  if (!api || !ts.isTypeLiteralNode(api.type)) throw new Error('methods.d.ts: no `type ApiMethods<F> = { … }` found');
  const methods = new Map<string, Set<string>>();
  for (const member of api.type.members) {
    if (!ts.isMethodSignature(member) || !ts.isIdentifier(member.name)) continue;
    const args = member.parameters[0]?.type;
    if (args !== undefined && !ts.isTypeLiteralNode(args))
      throw new Error(`methods.d.ts: ${member.name.text}'s parameters are not a type literal; read them another way`);
    const names = (args?.members ?? []).flatMap((p) =>
      ts.isPropertySignature(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? [p.name.text] : [],
    );
    methods.set(member.name.text, new Set(names));
  }
  return methods;
}

let known: Map<string, Set<string>> | undefined;
/** The installed package's methods, read once per process. */
export function knownBotApiMethods(): Map<string, Set<string>> {
  known ??= parseBotApiMethods(readFileSync(grammyMethodsFile(), 'utf8'));
  return known;
}

/** How Telegram refuses a call, or null when it takes it: an unknown method, then an unknown parameter. */
export function botApiCallProblem(
  method: string,
  payload: Record<string, unknown>,
): { error_code: 404 | 400; description: string } | null {
  const params = knownBotApiMethods().get(method);
  if (!params) return { error_code: 404, description: 'Not Found' };
  // An upload's file parts travel beside the fields (multipart), named by the attach:// the field holds.
  const unknown = Object.keys(payload).filter((k) => k !== 'files' && !params.has(k));
  if (unknown.length === 0) return null;
  return {
    error_code: 400,
    description: `Bad Request: unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} of ${method}`,
  };
}
