// The fixed part of every request stays small (a count question should peak under ~2,000 tokens of context),
// and mentions are recognised as references, cut-short handles included.
import { countTokens } from '@anthropic-ai/tokenizer';
import { describe, expect, it } from 'vitest';
import { findMentions, isQuestion, stripAskCommand } from '../../src/llm/mentions.ts';
import { interfaceBlock, questionContent, SYSTEM_PROMPT } from '../../src/llm/prompt.ts';
import { TOOLS } from '../../src/llm/tools.ts';
import { numbersOperations } from './test-kind.ts';

describe('prompt', () => {
  it('system prompt and tool definitions together stay under 650 tokens', () => {
    const fixed = SYSTEM_PROMPT + JSON.stringify(TOOLS);
    expect(fixed.length).toBeLessThan(2_600);
    expect(countTokens(fixed)).toBeLessThan(650);
  });

  it('puts the interfaces before the question and leaves the question as written', async () => {
    const numbers = await numbersOperations().analyzeObject('numbers');
    const content = questionContent('how many in @journal?', { today: '2024-06-01', interfaces: [numbers] });
    expect(content).toEqual([
      { type: 'text', text: `Today is 2024-06-01.\n${interfaceBlock(numbers)}` },
      { type: 'text', text: 'how many in @journal?' },
    ]);
    expect(interfaceBlock(numbers)).toBe(
      [
        '<interface of="@numbers">',
        'Object numbers, kind so.idyllic.test#Numbers',
        'numbers 1..100',
        'About: Whole numbers in a range.',
        'Reading the data: Each number stands for itself.',
        'Data fields: n (number): a number in the range',
        'Methods:',
        '- count() -> number: how many numbers.',
        '- range(from: number, to: number) -> Numbers: a narrower view.',
        '- fail(kind: "fixable"|"bug") -> never: fails on purpose.',
        '</interface>',
      ].join('\n'),
    );
    expect(questionContent('just this', { interfaces: [] })).toEqual([{ type: 'text', text: 'just this' }]);
  });
});

describe('mentions', () => {
  const uuid = '3f2a9c1e-77aa-4b1c-9d2e-0123456789ab';

  it('finds @journal and @<handle id>, once each, in order, case-folded', () => {
    expect(findMentions(`@Journal vs @${uuid.toUpperCase()} and @journal again`)).toEqual(['journal', uuid]);
  });

  it('treats a cut-short handle as an attempted mention, and ignores e-mail addresses and people', () => {
    expect(findMentions('what about @3f2a9c1e-77?')).toEqual(['3f2a9c1e-77']);
    expect(findMentions('mail me at me@journal.org or ask @ana, @journalist, @journal_bot')).toEqual([]);
  });

  it('a question mentions an object or starts with /ask; /ask is stripped, with or without the bot name', () => {
    expect(isQuestion('how are you @journal')).toBe(true);
    expect(isQuestion('/ask@journal_test_bot how many?')).toBe(true);
    expect(isQuestion('a plain entry about journals')).toBe(false);
    expect(stripAskCommand('/ask@journal_test_bot how many?')).toBe('how many?');
    expect(stripAskCommand('  /ask  ')).toBe('');
  });
});
