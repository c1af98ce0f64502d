/**
 * What a bot feature declares beside its composer: its commands (the menu's entries), its paragraph of /help, and
 * where it must run relative to the others. create-bot.ts orders the features from these declarations, /help and
 * setMyCommands are read from them, so a new command is its feature file and one line in features/index.ts.
 */
import type { Composer } from 'grammy';
import type { BotContext } from './context.ts';
import type { BotDeps } from './bot-deps.ts';

/** One command: the menu shows `/command — menu` (setMyCommands); the bot answers it in the feature's composer. */
export interface FeatureCommand {
  command: string;
  /** The menu's line for it: 3 to 256 characters (Telegram's limit). */
  menu: string;
}

/**
 * When a feature runs. Features of an earlier phase run first; within a phase, `before`/`after` name other features
 * that must come later/earlier, and the rest keep the list's order.
 * - gate: before everything (who may use the bot, updates that are not messages of the journal, /start payloads);
 * - commands: commands and buttons, each answering only its own (the default);
 * - messages: handlers that take any message (questions, documents, entries): after every command;
 * - fallback: what nobody took.
 */
export const PHASES = ['gate', 'commands', 'messages', 'fallback'] as const;
export type FeaturePhase = (typeof PHASES)[number];

export interface BotFeature {
  /** Unique; what `before`/`after` name. */
  name: string;
  /** In the menu's order. */
  commands?: readonly FeatureCommand[];
  /** Its paragraph of /help (a "• " line), if it has one. */
  help?: string;
  /**
   * Its line of /start's short welcome (a "• " line), if it has one: null where it does not work with these
   * settings (questions without a key, connections without PUBLIC_URL), so /start names only what works.
   */
  welcome?: (deps: BotDeps) => string | null;
  phase?: FeaturePhase;
  /** Features of the same phase this one must run before (or after), by name. */
  before?: readonly string[];
  after?: readonly string[];
  /** The feature's handlers, over the app's dependencies; `bot` is what the feature list as a whole says. */
  compose(deps: BotDeps, bot: FeatureListFacts): Composer<BotContext>;
}

/** What comes from the whole list, for the features that show it (/help). */
export interface FeatureListFacts {
  /** Every feature's /help paragraph, in the list's order. */
  helpParagraphs: readonly string[];
  /** Every feature's /start line for these settings, in the list's order. */
  welcomeLines(deps: BotDeps): string[];
  /** Every command the features declare, without the slash: what a message starting with `/` may name. */
  commands: readonly string[];
}

/** The menu (setMyCommands): every feature's commands, in the list's order. Throws on a command declared twice. */
export function menuCommands(features: readonly BotFeature[]): { command: string; description: string }[] {
  const menu = features.flatMap((f) => (f.commands ?? []).map((c) => ({ command: c.command, description: c.menu })));
  const seen = new Set<string>();
  for (const { command } of menu) {
    if (seen.has(command)) throw new Error(`the command /${command} is declared by two features`);
    seen.add(command);
  }
  return menu;
}

export function listFacts(features: readonly BotFeature[]): FeatureListFacts {
  return {
    helpParagraphs: features.flatMap((f) => (f.help === undefined ? [] : [f.help])),
    welcomeLines: (deps) => features.flatMap((f) => f.welcome?.(deps) ?? []),
    commands: features.flatMap((f) => (f.commands ?? []).map((c) => c.command)),
  };
}

/**
 * The order the features run in: by phase, then by `before`/`after`, then by the list's order (a stable topological
 * sort). Throws when a constraint names an unknown feature or one of another phase, or when the constraints loop.
 */
export function runOrder(features: readonly BotFeature[]): BotFeature[] {
  const byName = new Map(features.map((f) => [f.name, f]));
  if (byName.size !== features.length) throw new Error('two features share a name');
  const phaseOf = (f: BotFeature) => PHASES.indexOf(f.phase ?? 'commands');
  // Edges "a runs before b", each checked to stay within one phase (a phase already orders the rest).
  const mustPrecede = new Map(features.map((f) => [f.name, new Set<string>()]));
  const edge = (from: BotFeature, to: string, declaredBy: BotFeature) => {
    const other = byName.get(to);
    if (!other) throw new Error(`feature "${declaredBy.name}" names an unknown feature "${to}"`);
    if (phaseOf(other) !== phaseOf(declaredBy))
      throw new Error(`feature "${declaredBy.name}" orders itself against "${to}" of another phase`);
    return other;
  };
  for (const f of features) {
    for (const later of f.before ?? []) mustPrecede.get(f.name)!.add(edge(f, later, f).name);
    for (const earlier of f.after ?? []) mustPrecede.get(edge(f, earlier, f).name)!.add(f.name);
  }
  const waitingOn = new Map(features.map((f) => [f.name, 0]));
  for (const laters of mustPrecede.values())
    for (const later of laters) waitingOn.set(later, waitingOn.get(later)! + 1);
  const ordered: BotFeature[] = [];
  const pending = [...features].sort((a, b) => phaseOf(a) - phaseOf(b)); // stable: the list's order within a phase
  while (pending.length > 0) {
    const index = pending.findIndex((f) => waitingOn.get(f.name) === 0);
    // Every feature left of an earlier phase waiting on another: a loop, not a reason to start the next phase.
    if (index < 0 || phaseOf(pending[index]!) !== phaseOf(pending[0]!))
      throw new Error(`the features' order constraints loop: ${pending.map((f) => f.name).join(', ')}`);
    const [next] = pending.splice(index, 1);
    ordered.push(next!);
    for (const later of mustPrecede.get(next!.name)!) waitingOn.set(later, waitingOn.get(later)! - 1);
  }
  return ordered;
}
