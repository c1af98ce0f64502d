/**
 * The JournalCollection kind's methods as the web pages call them: found by name on the root handle's kind, their
 * args checked by the method's own schema (a fault is a WebInputError the page shows), and their outcome taken as a
 * value or as a narrowed view. Views stay in memory and are never stored as handles.
 */
import type { KindDefinition } from '../objects/kind.ts';
import type { ObjectOperations } from '../objects/operations.ts';
import type { JournalView } from '../journal/views/journal-view.ts';
import { JOURNAL_ROOT_ID } from '../journal/journal-operations.ts';

/** What the owner typed could not be used (a search's syntax, a tag): the message says what was expected. */
export class WebInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebInputError';
  }
}

/** Runs the kind's methods on views for one owner. */
export function collectionMethods(operations: ObjectOperations, ownerId: number) {
  const ctx = { ownerId };
  const rootKind = async () => (await operations.resolve(JOURNAL_ROOT_ID)).kind as KindDefinition<JournalView>;

  /** Runs one of the kind's methods on a view, its args checked by the method's own schema. */
  const call = async (view: JournalView, name: string, args: unknown) => {
    const kind = await rootKind();
    const method = kind.methods.find((m) => m.name === name);
    if (!method) throw new Error(`JournalCollection has no method ${name}`);
    const parsed = method.args.safeParse(args);
    if (!parsed.success)
      throw new WebInputError(parsed.error.issues.map((i) => i.message.replace(/^\w+: /, '')).join('; '));
    return { kind, outcome: await method.run(view, parsed.data, ctx) };
  };
  const value = async <T>(view: JournalView, name: string, args: unknown = {}): Promise<T> => {
    const { outcome } = await call(view, name, args);
    if (!('value' in outcome)) throw new Error(`${name} returned a view, not a value`);
    return outcome.value as T;
  };
  const narrow = async (view: JournalView, name: string, args: unknown): Promise<JournalView> => {
    const { kind, outcome } = await call(view, name, args);
    if (!('object' in outcome)) throw new Error(`${name} returned a value, not a view`);
    return kind.state.parse(outcome.object.state);
  };
  return { value, narrow };
}
