// A job runs on a context rebuilt from its stored update, without grammY's ctx.match: it reads a command's argument
// from the message text instead.
import { describe, expect, it } from 'vitest';
import { commandArgument } from '../../src/telegram/command-argument.ts';

describe('commandArgument', () => {
  it('is what follows the command and any @botname, trimmed; empty when there is none', () => {
    expect(commandArgument('/review week')).toBe('week');
    expect(commandArgument('/review@journal_test_bot  Month ')).toBe('Month');
    expect(commandArgument('/export')).toBe('');
    expect(commandArgument('/export\nmd')).toBe('md');
    expect(commandArgument('not a command')).toBe('');
    expect(commandArgument(undefined)).toBe('');
  });
});
