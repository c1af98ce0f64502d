/** The contract of a semantic-object kind: AI-facing text, data fields, and methods with validated arguments. */
import type { z } from 'zod';

/** A field of the object's data as the model should read it. */
export interface DataField {
  name: string;
  type: string;
  description: string;
}

/** Work a method paid for beyond its own result (a model it asked to read): the caller's budget and receipt count it. */
export interface MethodSpend {
  /** Who did the work, e.g. the reader model's id. */
  by: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Items the work read (e.g. entries). */
  itemsRead: number;
  /** Answered from a cache: nothing was read again. */
  fromCache: boolean;
}

/** An item whose own text (the owner's words, not a count about them) is carried to a model: its id and its day. */
export interface CarriedItem {
  id: number;
  day: string;
  /** Pictures of the item sent along (its photos), counted apart from its text. */
  images?: number;
}

/** A picture a method's result carries to the model (base64 bytes and their type), beside the value's JSON. */
export interface ResultImage {
  mediaType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
  data: string;
}

/**
 * A passage the model may cite (a surface sends it as a citable search result): `source` a stable address naming the
 * item, `title` how it is named to a person, `text` its words. The value's JSON then leaves that text out.
 */
export interface CitableItem {
  source: string;
  title: string;
  text: string;
  /**
   * How an answer names the item when passages travel as plain text (an endpoint that keeps no search results): a
   * token the model writes, e.g. `/entry_12`, mapped back to `source`. Absent: such an answer cannot cite it.
   */
  reference?: string;
}

/**
 * A value with its citable text moved out: `value` without the text, `passages` holding it (one per item of an array
 * value, in the same order, or any number beside another value). Bounded as one, so the moved text still counts.
 */
export interface CitedValue {
  value: unknown;
  passages: readonly CitableItem[];
}

/**
 * Items whose text went to a model: `to` names the model a method sent them to itself (ask's reader); null means the
 * method's result, read by whoever called (its tokens go to the caller's model). Ids and days, never the text.
 */
export interface SentItems {
  to: string | null;
  items: readonly CarriedItem[];
}

/** Who is calling: methods read only this owner's data, and report any spend of their own and any text they sent. */
export interface MethodContext {
  ownerId: number;
  reportSpend?: (spend: MethodSpend) => void;
  /** A method that sends items' text to a model itself reports them here (with `to`). */
  reportSent?: (sent: SentItems) => void;
}

/**
 * A method returns either a plain value (moved as JSON) or another object (returned as a new handle). `carries`
 * names the items whose text the value holds: one per item of an array value, in the same order (so the items a
 * bound cuts off are not counted as sent), or any number for another value. `cited` is the same value for a model that
 * takes citable passages (see CitedValue).
 */
export type MethodOutcome =
  | { value: unknown; carries?: readonly CarriedItem[]; images?: readonly ResultImage[]; cited?: CitedValue }
  /** `note`: told to the model beside the new handle (e.g. what the method read into its arguments). */
  | { object: { kind: string; state: unknown }; note?: string };

/**
 * One method. `Args` is its argument schema; `run` receives exactly what that schema outputs, so the argument
 * types are inferred from the schema (build methods with `methodsFor<State>()`) and cannot drift from it.
 */
export interface MethodDefinition<State, Args extends z.ZodType = z.ZodType> {
  name: string;
  /** How the model should call it, e.g. `getNotesForDay(date: YYYY-MM-DD) -> Note[]`. */
  signature: string;
  description: string;
  /** Validates the `args` object; its error messages go back to the model, so say what is expected. */
  args: Args;
  /** Told to the model when an array result is cut to fit: how to page through the rest. */
  pagingHint?: string;
  run(state: State, args: z.output<Args>, ctx: MethodContext): Promise<MethodOutcome>;
}

/**
 * A method builder for one state type: `const method = methodsFor<View>(); method({ args: schema, run: (view, args) => … })`
 * infers `args` in `run` from the schema. The result is the erased form a kind's method list holds.
 */
export function methodsFor<State>() {
  return <Args extends z.ZodType>(definition: MethodDefinition<State, Args>): MethodDefinition<State> => definition;
}

/** `State` is erased to `unknown` where kinds of any state sit together (the registry, the operations). */
export interface KindDefinition<State = unknown> {
  /** Namespaced id with the prototype segment, e.g. `so.example.prototype#Thing`. */
  kind: string;
  /** What an object of this kind is and when it bears on a question. */
  description: string;
  /** How to interpret the data the methods return. */
  interpretation: string;
  fields: DataField[];
  methods: MethodDefinition<State>[];
  /** Validates stored state when a handle is loaded again. */
  state: z.ZodType<State>;
  /** One line about this instance, computed from its own state (never its parent's). */
  describeInstance(state: State, ctx: MethodContext): Promise<string>;
  /** Optional: one line from the state alone, reading no data; listObjects uses it so listing stays cheap however many handles. */
  describeState?(state: State): string;
}

const KIND_ID = /^[a-z][\w.-]*\.[a-z][\w-]*#[A-Z]\w*$/;

/** Checks a kind once, at definition: namespaced id, unique method names. */
export function defineKind<State>(definition: KindDefinition<State>): KindDefinition<State> {
  if (!KIND_ID.test(definition.kind))
    throw new Error(`Kind id "${definition.kind}" must look like so.idyllic.prototype#Name`);
  const seen = new Set<string>();
  for (const m of definition.methods) {
    if (seen.has(m.name)) throw new Error(`Kind ${definition.kind}: method "${m.name}" is defined twice`);
    seen.add(m.name);
  }
  return definition;
}
