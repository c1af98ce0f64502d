import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
const rm = (f) => { for (const s of ['', '-wal', '-shm']) fs.rmSync(f + s, { force: true }); };
const plain = '/tmp/mc/plain.sqlite', enc = '/tmp/mc/enc.sqlite', back = '/tmp/mc/back.sqlite', keyholder = '/tmp/mc/kh.sqlite';
[plain, enc, back, keyholder].forEach(rm);
let db = new Database(plain);
db.pragma('journal_mode = WAL');
db.exec("create table t(id integer primary key, x); create virtual table fts using fts5(x, content='t', content_rowid='id'); create trigger ti after insert on t begin insert into fts(rowid, x) values (new.id, new.x); end; insert into t(x) values ('hello planted')");
db.close();
const hex = Buffer.from("pa'ss\"wörd").toString('hex');
const head = (f) => JSON.stringify(fs.readFileSync(f).subarray(0, 16).toString('latin1'));
// encrypt: main = :memory: keyed?
for (const mainFile of [keyholder]) {
  rm(enc);
  db = new Database(mainFile);
  db.pragma("cipher='sqlcipher'"); db.pragma('legacy=4');
  db.pragma(`hexkey='${hex}'`);
  db.prepare("attach database ? as src key ''").run(plain);
  try { db.prepare('vacuum src into ?').run(enc); console.log(mainFile || 'temp', 'enc head', head(enc), fs.readFileSync(enc).includes('planted')); } catch (e) { console.log(mainFile, 'fail', e.message); }
  db.close();
}
db = new Database(enc);
db.pragma("cipher='sqlcipher'"); db.pragma('legacy=4'); db.pragma(`hexkey='${hex}'`);
console.log('read enc', db.prepare('select x from t').get(), db.prepare("select count(*) c from fts where fts match 'planted'").get(), db.pragma('integrity_check', {simple:true}), db.pragma('journal_mode', {simple:true}));
db.close();
// decrypt
db = new Database(':memory:');
db.pragma("cipher='sqlcipher'"); db.pragma('legacy=4');
db.prepare("attach database ? as src key ?").run(enc, "pa'ss\"wörd");
console.log(db.prepare('select x from src.t').get());
db.prepare('vacuum src into ?').run(back);
db.close();
console.log('back head', head(back));
db = new Database(back); console.log(db.prepare('select x from t').get()); db.close();
