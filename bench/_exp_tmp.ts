import { existsSync } from 'node:fs';
import { CompiledQuery, sql } from 'kysely';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { newIntakeRow, intakePageQuery, intakeCountQuery } from '../server/intakes/repository';
import { parseSearch } from '../server/intakes/search';
import { emptyIntake, toApiIntake } from '../src/domain/intake';
const fresh = !existsSync('/tmp/exp/intake.sqlite');
const db = openDatabase({ dataDir: '/tmp/exp' });
const firmId = 'firm-1';
if (fresh) {
  await migrateToLatest(db);
  await db.insertInto('firms').values({ id: firmId, firm_name: 'f', firm_contact: 'c', firm_mail: 'm', firm_address: 'a', is_neos_integrated: false, created_at: 'x', updated_at: 'x' } as any).execute();
  const blank = toApiIntake(emptyIntake());
  const F = ['Maria','Marco', ...Array.from({length:38},(_,i)=>'Fn'+String.fromCharCode(97+i%26)+i)];
  await db.transaction().execute(async (trx) => { for (let b=0;b<100;b++){ const rows=[]; for(let i=b*1000;i<b*1000+1000;i++){ rows.push(newIntakeRow({firmId,status:i%10===0?'final':'draft',representativeId:null,representativeName:'Bench Owner',sections:{...blank,personalInformation:{...blank.personalInformation,firstName:F[i%40],lastName:'Ln'+(Math.floor(i/40)%40),phoneNumber:'(555) 0'+String(i).padStart(6,'0')}}}, new Date(Date.UTC(2020,0,1)+i*1000)));} await trx.insertInto('intakes').values(rows).execute(); } });
  await sql`analyze`.execute(db);
}
async function run(label: string, q: CompiledQuery) {
  const p = await db.executeQuery<any>(CompiledQuery.raw('EXPLAIN QUERY PLAN '+q.sql,[...q.parameters]));
  const t=performance.now(); for(let i=0;i<5;i++) await db.executeQuery(q); 
  console.log(label, ((performance.now()-t)/5).toFixed(1)+'ms', '\n  '+p.rows.map((r:any)=>r.detail).join('\n  '));
}
const mk = (s: string, offset=0) => ({ firmId, search: parseSearch(s), limit: 10, offset });
await run('page1', intakePageQuery(db, mk('')).compile());
await run('count', db.selectFrom('intakes').where('firm_id','=',firmId).select(eb=>eb.fn.countAll().as('n')).compile());
await run('deep', intakePageQuery(db, mk('',90000)).compile());
for (const t of ['mar','fna0 ln22','5550012']) { await run(t, intakePageQuery(db, mk(t)).compile()); await run(t+' count', intakeCountQuery(db, mk(t)).compile()); await run(t+' deep', intakePageQuery(db, mk(t, 2000)).compile()); }



const extra = process.argv.slice(2);
for (const e of extra) await run(e, CompiledQuery.raw(e, []));
await db.destroy();
