// Writes src/try/bot-api-known.ts from the installed @grammyjs/types (its methods.d.ts): npm run try's Bot API
// stand-in refuses what is not in it, with no TypeScript at run time. test/telegram/strict-bot-api-stand-in.test.ts
// fails when the file and the package disagree. Run: npx tsx scripts/bot-api-methods.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { knownBotApiMethods, renderKnownBotApi } from '../test/stand-ins/bot-api-methods.ts';

const file = path.join(import.meta.dirname, '../src/try/bot-api-known.ts');
writeFileSync(file, renderKnownBotApi(knownBotApiMethods()));
console.log(`Wrote ${file}: ${knownBotApiMethods().size} methods.`);
