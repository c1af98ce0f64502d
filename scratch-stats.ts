import { writeFileSync } from 'node:fs';
import { openDatabase } from './src/db/open-database.ts';
import { migrateToLatest } from './src/db/migrate.ts';
import { buildGeneratedJournal, DEMO_JOURNAL } from './src/demo/demo-journal.ts';
import { statsPicture } from './src/stats/stats-picture.ts';
const db = openDatabase('/tmp/w22/demo.sqlite');
await migrateToLatest(db);
if (!(await db.selectFrom('entry').select('id').limit(1).execute()).length) await buildGeneratedJournal(db, { ownerId: 1000, ...DEMO_JOURNAL, timeZone: 'UTC' });
for (const [name, period] of [['y', { kind: 'year', year: 2024 }], ['l', { kind: 'last-12-months' }], ['w', { kind: 'week', endingOn: '2024-04-14' }]] as const) {
  const t = Date.now();
  const p = await statsPicture(db, 1000, period, { today: '2024-06-20', timeZone: 'UTC' });
  console.log(name, Date.now() - t, p.type, p.type === 'picture' ? p.caption + ' ' + p.png.length : p.text);
  if (p.type === 'picture') writeFileSync(`/tmp/w22/${name}.png`, p.png);
}
await db.destroy();
