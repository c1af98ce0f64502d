// `npm run journal -- usage` counts from what conversations store: questions asked through the real path are split
// into their call sequences (follow-ups and step-limit notes included), and operations are tallied by method name.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConversationStore } from '../../src/db/conversation-store.ts';
import { storedConversationSchemas } from '../../src/llm/conversation.ts';
import { formatUsage, tallyUsage } from '../../src/llm/usage-tally.ts';
import { aprilDayCount, OWNER, setupAsk, type AskSetup } from './ask-setup.ts';

let s: AskSetup;
beforeEach(async () => {
  s = await setupAsk();
});
afterEach(() => s.close());

describe('tallyUsage', () => {
  it('tallies methods and call sequences across stored conversations and follow-ups', async () => {
    s.llm.script(...aprilDayCount());
    const first = await s.questions.ask(OWNER, '@journal how many days did I write in April?');
    s.llm.script(
      { tools: [{ name: 'invokeMethod', input: { objId: 'journal', methodName: 'getTotalEntryCount', args: {} } }] },
      { text: '7 entries.' },
    );
    await s.questions.ask(
      OWNER,
      'and how many entries in all?',
      first.type === 'answer' ? first.conversationId : undefined,
    );
    s.llm.script(...aprilDayCount());
    await s.questions.ask(OWNER, '@journal and in April, how many days?');
    s.llm.script({ text: 'Hello.' });
    await s.questions.ask(OWNER, '@journal hi');

    const tally = tallyUsage(await createConversationStore(s.temp.db, storedConversationSchemas).allMessages(OWNER));
    expect(tally).toEqual({
      conversations: 3,
      questions: 4,
      operations: [
        { name: 'getDateRangeView', calls: 2, questions: 2 },
        { name: 'getDayCount', calls: 2, questions: 2 },
        { name: 'getTotalEntryCount', calls: 1, questions: 1 },
      ],
      sequences: [
        { sequence: 'getDateRangeView → getDayCount', questions: 2 },
        { sequence: '(no calls)', questions: 1 },
        { sequence: 'getTotalEntryCount', questions: 1 },
      ],
    });
    const text = formatUsage(tally);
    expect(text).toContain('4 questions in 3 conversations.');
    expect(text).toMatch(/^\s+2\s+2\s+getDateRangeView$/m);
    expect(text).toMatch(/^\s+2\s+getDateRangeView → getDayCount$/m);
  });

  it('says what to do when nothing is stored yet', () => {
    expect(formatUsage(tallyUsage([]))).toMatch(/^No stored questions yet/);
  });
});
