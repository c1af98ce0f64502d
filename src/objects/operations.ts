/**
 * The operations on objects, defined once for the model's tools and the CLI.
 * Only invokeMethod moves data; the others say what exists and what can be done with it.
 */
import { randomUUID } from 'node:crypto';
import { boundResult, boundWithCitable, DEFAULT_RESULT_LIMIT } from './bound-result.ts';
import type { HandleStore, RootObject, StoredHandle } from './handle-store-port.ts';
import type {
  CarriedItem,
  CitedValue,
  DataField,
  KindDefinition,
  MethodContext,
  MethodSpend,
  ResultImage,
  SentItems,
} from './kind.ts';
import type { KindRegistry } from './kind-registry.ts';
import { ObjectError } from './object-error.ts';
import { issueText, parseMethodArgs } from './method-args.ts';
import { errorReason } from '../log/error-message.ts';

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

/** A stored handle listObjects could not read (unknown kind, a state that no longer validates): reported, not fatal. */
export interface UnreadableHandle {
  objId: string;
  kind: string;
  problem: string;
}

export type InvokeResult =
  | ({ type: 'object'; note?: string } & ObjectSummary)
  /** `cited`: the value with its citable text moved out into passages, for a surface that sends citable search results. */
  | { type: 'value'; value: unknown; images?: readonly ResultImage[]; cited?: CitedValue };

export interface ObjectOperations {
  listObjects(): Promise<{ objects: ObjectSummary[]; more: number; unreadable: UnreadableHandle[] }>;
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
  /**
   * Roots named by a pattern rather than listed (the journal's `journal:<name>`): given an id as written, the root it
   * names, undefined when it names none of this kind, or an ObjectError saying what it could have named.
   */
  namedRoot?: (id: string) => Promise<RootObject | undefined>;
  ownerId: number;
  clock?: () => Date;
  resultLimit?: number;
  /** How many stored handles listObjects shows (newest first). */
  listLimit?: number;
  /** Mints ids for new handles; unguessable UUIDs by default. */
  newId?: () => string;
  /** Receives what methods spend beyond their results (see MethodSpend). */
  reportSpend?: (spend: MethodSpend) => void;
  /** Receives the items whose text a result carries (to: null) or a method sent to a model itself (see SentItems). */
  reportSent?: (sent: SentItems) => void;
}

const methodSummary = (m: { name: string; signature: string; description: string }): MethodSummary => ({
  name: m.name,
  signature: m.signature,
  description: m.description,
});

/** The carried items a bounded result still holds: an array cut to its first `shown` items keeps theirs. */
function carriedThrough(value: unknown, bounded: unknown, carries: readonly CarriedItem[]): readonly CarriedItem[] {
  const cut =
    bounded !== value &&
    Array.isArray(value) &&
    carries.length === value.length &&
    typeof bounded === 'object' &&
    bounded !== null &&
    'shown' in bounded;
  return cut ? carries.slice(0, Number(bounded.shown)) : carries;
}

/** Builds the operations for one owner: every handle lookup is scoped to them. */
export function createObjectOperations(deps: OperationsDeps): ObjectOperations {
  const ctx: MethodContext = { ownerId: deps.ownerId, reportSpend: deps.reportSpend, reportSent: deps.reportSent };
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

  /** A root named by a pattern; when the pattern fits but names nothing, the reason comes with the handles there are. */
  const namedRoot = async (id: string): Promise<RootObject | undefined> => {
    try {
      return await deps.namedRoot?.(id);
    } catch (error) {
      if (!(error instanceof ObjectError)) throw error;
      const reason = error.message.charAt(0).toLowerCase() + error.message.slice(1);
      throw new ObjectError(`Unknown handle "${id}": ${reason} ${await knownHandlesHint()}`, { objId: id });
    }
  };

  const resolve: ObjectOperations['resolve'] = async (objId) => {
    if (typeof objId !== 'string' || objId.trim() === '') {
      throw new ObjectError(`objId must be a handle id string such as "journal". ${await knownHandlesHint()}`);
    }
    const id = objId.trim().replace(/^@/, '');
    const root = deps.roots.find((r) => r.id.toLowerCase() === id.toLowerCase()) ?? (await namedRoot(id));
    const stored: StoredHandle | undefined = root ? undefined : await deps.handles.get(deps.ownerId, id.toLowerCase());
    const found = root ?? stored;
    if (!found) throw new ObjectError(`Unknown handle "${id}". ${await knownHandlesHint()}`, { objId: id });
    const kind = deps.kinds.getOrThrow(found.kind);
    const parsed = kind.state.safeParse(found.state);
    if (!parsed.success) {
      const problems = parsed.error.issues.map(issueText).join('; ');
      throw new ObjectError(
        `Handle ${found.id} cannot be used: its stored state is not valid (${problems}). ${await knownHandlesHint()}`,
        { objId: found.id },
      );
    }
    return { objId: found.id, kind, state: parsed.data };
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
      const stored: ObjectSummary[] = [];
      const unreadable: UnreadableHandle[] = [];
      // Each stored handle is described from its state alone when its kind can (no counts per handle), and one that
      // cannot be read is reported beside the list, never fatal for the others.
      for (const h of recent) {
        try {
          const kind = deps.kinds.getOrThrow(h.kind);
          const parsed = kind.state.safeParse(h.state);
          if (!parsed.success)
            throw new Error(`its stored state is not valid: ${parsed.error.issues.map(issueText).join('; ')}`);
          const description = kind.describeState
            ? kind.describeState(parsed.data)
            : await kind.describeInstance(parsed.data, ctx);
          stored.push({ objId: h.id, kind: kind.kind, description });
        } catch (error) {
          unreadable.push({ objId: h.id, kind: h.kind, problem: errorReason(error) });
        }
      }
      const total = await deps.handles.count(deps.ownerId);
      return { objects: [...roots, ...stored], more: Math.max(0, total - recent.length), unreadable };
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
      const outcome = await method.run(state, parseMethodArgs(method, args, id), ctx);
      if ('value' in outcome) {
        const value = boundResult(outcome.value, limit, method.pagingHint);
        const cited =
          outcome.cited && boundWithCitable(outcome.cited.value, outcome.cited.passages, limit, method.pagingHint);
        // What a model reads is the cited form when there is one: its bound decides which items were carried.
        const sentItems = cited
          ? carriedThrough(outcome.cited!.value, cited.value, outcome.carries ?? [])
          : carriedThrough(outcome.value, value, outcome.carries ?? []);
        if (sentItems.length) deps.reportSent?.({ to: null, items: sentItems });
        // Pictures and citable passages travel beside the value, not inside its JSON: the surface gives them its own blocks.
        return {
          type: 'value',
          value,
          ...(outcome.images?.length ? { images: outcome.images } : {}),
          ...(cited ? { cited: { value: cited.value, passages: cited.citable } } : {}),
        };
      }

      const childKind = deps.kinds.getOrThrow(outcome.object.kind);
      const childState = childKind.state.parse(outcome.object.state);
      // Evaluated before it is stored: an object that cannot be evaluated throws here and leaves no handle behind.
      const description = await childKind.describeInstance(childState, ctx);
      const existing = await deps.handles.findByState(deps.ownerId, childKind.kind, childState);
      const handle = existing ?? {
        id: newId(),
        kind: childKind.kind,
        state: childState,
        createdAt: clock().toISOString(),
      };
      if (!existing) await deps.handles.put(deps.ownerId, handle);
      return {
        type: 'object',
        objId: handle.id,
        kind: childKind.kind,
        description,
        ...(outcome.note === undefined ? {} : { note: outcome.note }),
      };
    },
  };
}
