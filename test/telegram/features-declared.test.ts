// Features declare their commands, /help paragraph and place in the run order (telegram/feature.ts); the bot's order,
// menu and /help are read from those declarations. Pins the order they yield and what the declarations promise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Composer } from 'grammy';
import { describe, expect, it } from 'vitest';
import { listFacts, menuCommands, runOrder, type BotFeature } from '../../src/telegram/feature.ts';
import { FEATURES, HELP_TEXT, MENU_COMMANDS } from '../../src/telegram/features/index.ts';
import { HELP_INTRO } from '../../src/telegram/features/start.ts';
import { REPO_ROOT } from '../helpers/run-entry-point.ts';

const stub = (name: string, rest: Partial<BotFeature> = {}): BotFeature => ({
  name,
  compose: () => new Composer(),
  ...rest,
});

describe('features that declare themselves', () => {
  it('run gates first, then commands and buttons, then whole-message handlers, then the fallback', () => {
    expect(runOrder(FEATURES).map((f) => f.name)).toEqual([
      // gate: a Stop press under a draft answer (no sender to check); who may use the bot; consent links (a /start
      // with a payload); topics naming their journals
      'stop-generation',
      'access',
      'connections',
      'journals',
      // commands and buttons, each answering only its own
      'start',
      'trace',
      'entry-link',
      'sent',
      'on-this-day',
      'stats',
      'reflect',
      'review',
      'digest',
      'mood',
      'prompts',
      'remind',
      'export',
      'search',
      'day',
      'forget',
      'web-link',
      'browse-pages',
      'retry',
      'job-retry',
      // any message: a mistyped command is no entry, nor is a question or an export sent with a caption
      'unknown-command',
      'question',
      'import',
      'entry',
      'unhandled',
    ]);
  });

  it('gives the menu every declared command once, in the list order, with a description Telegram accepts', () => {
    expect(MENU_COMMANDS.map((c) => c.command)).toEqual([
      'start',
      'help',
      'ask',
      'trace',
      'sent',
      'onthisday',
      'stats',
      'reflect',
      'review',
      'digest',
      'mood',
      'prompt',
      'prompts',
      'remind',
      'export',
      'search',
      'day',
      'forget',
      'connections',
      'web',
      'journals',
      'journal',
    ]);
    for (const { command, description } of MENU_COMMANDS) {
      expect(command).toMatch(/^[a-z0-9_]{1,32}$/);
      expect(description.length).toBeGreaterThanOrEqual(3);
      expect(description.length).toBeLessThanOrEqual(256);
    }
  });

  it('builds /help from the intro and each feature paragraph; every menu command is explained there', () => {
    const paragraphs = listFacts(FEATURES).helpParagraphs;
    expect(HELP_TEXT).toBe([HELP_INTRO, '', ...paragraphs].join('\n'));
    expect(paragraphs.every((p) => p.startsWith('• '))).toBe(true);
    for (const { command } of MENU_COMMANDS.filter((c) => !['start', 'help'].includes(c.command)))
      expect(HELP_TEXT).toContain(`/${command}`);
  });

  it('keeps other features out of the file that builds /help: it names only its own commands', () => {
    const source = readFileSync(path.join(REPO_ROOT, 'src/telegram/features/start.ts'), 'utf8');
    const others = MENU_COMMANDS.map((c) => c.command).filter((c) => !['start', 'help'].includes(c));
    expect(others.filter((c) => new RegExp(`['/]${c}\\b`).test(source))).toEqual([]);
  });

  it('refuses a command declared twice, an unknown or cross-phase constraint, and constraints that loop', () => {
    expect(() =>
      menuCommands([
        stub('a', { commands: [{ command: 'x', menu: 'one' }] }),
        stub('b', { commands: [{ command: 'x', menu: 'two' }] }),
      ]),
    ).toThrow('/x is declared by two features');
    expect(() => runOrder([stub('a', { before: ['nobody'] })])).toThrow('unknown feature "nobody"');
    expect(() => runOrder([stub('a', { phase: 'gate', before: ['b'] }), stub('b')])).toThrow('another phase');
    expect(() =>
      runOrder([stub('a', { before: ['b'] }), stub('b', { before: ['a'] }), stub('c', { phase: 'fallback' })]),
    ).toThrow('loop');
    expect(() => runOrder([stub('a'), stub('a')])).toThrow('share a name');
  });

  it('orders by phase, then before/after, then the list', () => {
    const order = runOrder([
      stub('last', { phase: 'fallback' }),
      stub('b'),
      stub('c', { before: ['b'] }),
      stub('d', { after: ['e'] }),
      stub('e'),
      stub('g', { phase: 'gate' }),
    ]);
    expect(order.map((f) => f.name)).toEqual(['g', 'c', 'b', 'e', 'd', 'last']);
  });
});
