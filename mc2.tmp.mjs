import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
const rm = (f) => { for (const s of ['', '-wal', '-shm']) fs.rmSync(f + s, { force: true }); };
const plain = '/tmp/mc/plain.sqlite', enc = '/tmp/mc/enc.sqlite', back = '/tmp/mc/back.sqlite';
fs.mkdirSync('/tmp/mc', { recursive: true }); [plain, enc, back].forEach(rm);
let db = new Database(plain);
db.pragma('journal_mode = WAL');
db.exec("create table t(id integer primary key, x); create virtual table fts using fts5(x, content='t', content_rowid='id'); create trigger ti after insert on t begin insert into fts(rowid, x) values (new.id, new.x); end; insert into t(x) values ('hello planted')");
const hex = Buffer.from("pa'ss\"wörd").toString('hex');
let t0 = Date.now();
try { db.exec(`VACUUM INTO 'file:${enc}?cipher=sqlcipher&legacy=4&hexkey=${hex}'`); console.log('vacuum into uri ok', Date.now() - t0); } catch (e) { console.log('vacuum uri fail', e.message); }
db.close();
const head = (f) => fs.readFileSync(f).subarray(0, 16).toString('latin1');
console.log('enc head', JSON.stringify(head(enc)), fs.readFileSync(enc).includes('planted'));
for (const [cipher, setup] of [['sqlcipher', (d) => { d.pragma("cipher='sqlcipher'"); d.pragma('legacy=4'); }], ['default', () => {}]]) {
  db = new Database(enc);
  t0 = Date.now();
  try { setup(db); db.pragma(`hexkey='${hex}'`); console.log(cipher, db.prepare("select x from t").get(), db.prepare("select count(*) c from fts where fts match 'planted'").get(), Date.now() - t0, 'ms'); } catch (e) { console.log(cipher, 'fail', e.message); }
  db.close();
}
