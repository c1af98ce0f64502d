/**
 * The operations on objects, defined once for the model's tools and the CLI.
 * Only invokeMethod moves data; the others say what exists and what can be done with it.
 */
import { randomUUID } from 'node:crypto';
import { boundResult, DEFAULT_RESULT_LIMIT } from './bound-result.ts';
import type { HandleStore, RootObject, StoredHandle } from './handle-store.ts';
import type { DataField, KindDefinition, MethodContext, MethodSpend } from './kind.ts';
import type { KindRegistry } from './kind-registry.ts';
import { ObjectError } from './object-error.ts';

export interface ObjectSummary {
  objId: string;
  kind: string;
  description: string;
}

export interface MethodSummary {
  name: string;
  signature: string;
  description: string;
}

/** What analyzeObject returns: the interface of one object, never its data. */
export interface ObjectInterface extends ObjectSummary {
  about: string;
  interpretation: string;
  fields: DataField[];
  methods: MethodSummary[];
}

export interface KindInterface {
  kind: string;
  about: string;
  interpretation: string;
  fields: DataField[];
  methods: MethodSummary[];
}

export type InvokeResult = ({ type: 'object' } & ObjectSummary) | { type: 'value'; value: unknown };

export interface ObjectOperations {
  listObjects(): Promise<{ objects: ObjectSummary[]; more: number }>;
  analyzeObject(objId: string): Promise<ObjectInterface>;
  listKinds(): { kind: string; about: string }[];
  describeKind(kind: string): KindInterface;
  invokeMethod(objId: string, methodName: string, args?: unknown): Promise<InvokeResult>;
  /** Resolves a handle or throws an ObjectError naming the handles that do exist. */
  resolve(objId: string): Promise<{ objId: string; kind: KindDefinition; state: unknown }>;
}

export interface OperationsDeps {
  kinds: KindRegistry;
  handles: HandleStore;
  roots: RootObject[];
  ownerId: number;
  clock?: () => Date;
  resultLimit?: number;
  /** How many stored handles listObjects shows (newest first). */
  listLimit?: number;
  /** Mints ids for new handles; unguessable UUIDs by default. */
  newId?: () => string;
  /** Receives what methods spend beyond their results (see MethodSpend). */
  reportSpend?: (spend: MethodSpend) => void;
}

const methodSummary = (m: { name: string; signature: string; description: string }): MethodSummary => ({
  name: m.name,
  signature: m.signature,
  description: m.description,
});

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

/** An issue as one phrase; a message that already names its field is not prefixed again. */
function issueText(issue: { path: PropertyKey[]; message: string }): string {
  const where = issue.path.map(String).join('.');
  return where === '' || issue.message.startsWith(where) ? issue.message : `${where}: ${issue.message}`;
}

/** Builds the operations for one owner: every handle lookup is scoped to them. */
export function createObjectOperations(deps: OperationsDeps): ObjectOperations {
  const ctx: MethodContext = { ownerId: deps.ownerId, reportSpend: deps.reportSpend };
  const clock = deps.clock ?? (() => new Date());
  const limit = deps.resultLimit ?? DEFAULT_RESULT_LIMIT;
  const listLimit = deps.listLimit ?? 20;
  const newId = deps.newId ?? randomUUID;

  const summarize = async (objId: string, kind: KindDefinition, state: unknown): Promise<ObjectSummary> => ({
    objId,
    kind: kind.kind,
    description: await kind.describeInstance(state, ctx),
  });

  const knownHandlesHint = async (): Promise<string> => {
    const recent = await deps.handles.listRecent(deps.ownerId, 5);
    const ids = [...deps.roots.map((r) => r.id), ...recent.map((h) => h.id)];
    return `Handles you can use: ${ids.join(', ')}${recent.length === 5 ? ', … (listObjects shows more)' : ''}.`;
  };

  const resolve: ObjectOperations['resolve'] = async (objId) => {
    if (typeof objId !== 'string' || objId.trim() === '') {
      throw new ObjectError(`objId must be a handle id string such as "journal". ${await knownHandlesHint()}`);
    }
    const id = objId.trim().replace(/^@/, '');
    const root = deps.roots.find((r) => r.id.toLowerCase() === id.toLowerCase());
    const stored: StoredHandle | undefined = root ? undefined : await deps.handles.get(deps.ownerId, id.toLowerCase());
    const found = root ?? stored;
    if (!found) throw new ObjectError(`Unknown handle "${id}". ${await knownHandlesHint()}`, { objId: id });
    const kind = deps.kinds.getOrThrow(found.kind);
    const state = kind.state.parse(found.state);
    return { objId: found.id, kind, state };
  };

  const kindInterface = (kind: KindDefinition): KindInterface => ({
    kind: kind.kind,
    about: kind.description,
    interpretation: kind.interpretation,
    fields: kind.fields,
    methods: kind.methods.map(methodSummary),
  });

  return {
    resolve,

    async listObjects() {
      const roots = await Promise.all(deps.roots.map((r) => summarize(r.id, deps.kinds.getOrThrow(r.kind), r.state)));
      const recent = await deps.handles.listRecent(deps.ownerId, listLimit);
      const stored = await Promise.all(
        recent.map((h) => {
          const kind = deps.kinds.getOrThrow(h.kind);
          return summarize(h.id, kind, kind.state.parse(h.state));
        }),
      );
      const total = await deps.handles.count(deps.ownerId);
      return { objects: [...roots, ...stored], more: Math.max(0, total - recent.length) };
    },

    async analyzeObject(objId) {
      const { objId: id, kind, state } = await resolve(objId);
      const { kind: _k, ...rest } = kindInterface(kind);
      return { ...(await summarize(id, kind, state)), ...rest };
    },

    listKinds() {
      return deps.kinds.list().map((k) => ({ kind: k.kind, about: k.description }));
    },

    describeKind(kind) {
      return kindInterface(deps.kinds.getOrThrow(kind));
    },

    async invokeMethod(objId, methodName, args) {
      const { objId: id, kind, state } = await resolve(objId);
      const method = kind.methods.find((m) => m.name === methodName);
      if (!method) {
        throw new ObjectError(
          `${id} (${kind.kind}) has no method "${String(methodName)}". Its methods: ${kind.methods.map((m) => m.signature).join('; ')}.`,
          { objId: id, methodName: String(methodName) },
        );
      }
      const parsed = method.args.safeParse(argsObject(args));
      if (!parsed.success) {
        const problems = parsed.error.issues.map(issueText).join('; ');
        throw new ObjectError(`Bad args for ${method.signature}: ${problems}.`, { objId: id, methodName });
      }
      const outcome = await method.run(state, parsed.data, ctx);
      if ('value' in outcome) return { type: 'value', value: boundResult(outcome.value, limit, method.pagingHint) };

      const childKind = deps.kinds.getOrThrow(outcome.object.kind);
      const childState = childKind.state.parse(outcome.object.state);
      const existing = await deps.handles.findByState(deps.ownerId, childKind.kind, childState);
      const handle = existing ?? { id: newId(), kind: childKind.kind, state: childState, createdAt: clock().toISOString() };
      if (!existing) await deps.handles.put(deps.ownerId, handle);
      return { type: 'object', ...(await summarize(handle.id, childKind, childState)) };
    },
  };
}
