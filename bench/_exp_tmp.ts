import { CompiledQuery, sql } from 'kysely';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { newIntakeRow, intakePageQuery, intakeCountQuery } from '../server/intakes/repository';
import { parseSearch } from '../server/intakes/search';
import { emptyIntake, toApiIntake } from '../src/domain/intake';
const pg = process.env.EXP_PG;
const db = pg ? openDatabase({ databaseUrl: pg, dataDir: '/tmp/exp' }) : openDatabase({ dataDir: '/tmp/exp' });
const firmId = 'firm-1';
const exists = (await db.selectFrom('firms' as any).select('id' as any).execute().catch(() => [])).length > 0;
if (!exists) {
  await migrateToLatest(db);
  await db.insertInto('firms').values({ id: firmId, firm_name: 'f', firm_contact: 'c', firm_mail: 'm', firm_address: 'a', is_neos_integrated: false, created_at: 'x', updated_at: 'x' } as any).execute();
  const blank = toApiIntake(emptyIntake());
  const F = ['Maria','Marco', ...Array.from({length:38},(_,i)=>'Fn'+String.fromCharCode(97+i%26)+i)];
  await db.transaction().execute(async (trx) => { for (let b=0;b<100;b++){ const rows=[]; for(let i=b*1000;i<b*1000+1000;i++){ rows.push(newIntakeRow({firmId,status:i%10===0?'final':'draft',representativeId:null,representativeName:'Bench Owner',sections:{...blank,personalInformation:{...blank.personalInformation,firstName:F[i%40],lastName:'Ln'+(Math.floor(i/40)%40),phoneNumber:'(555) 0'+String(i).padStart(6,'0')}}}, new Date(Date.UTC(2020,0,1)+i*1000)));} await trx.insertInto('intakes').values(rows).execute(); } });
  await sql.raw(pg ? 'vacuum analyze intakes' : 'analyze').execute(db);
}
async function run(label: string, q: CompiledQuery) {
  const p = await db.executeQuery<any>(CompiledQuery.raw((pg ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ')+q.sql,[...q.parameters]));
  const t=performance.now(); for(let i=0;i<5;i++) await db.executeQuery(q);
  console.log(label, ((performance.now()-t)/5).toFixed(1)+'ms', '\n  '+p.rows.map((r:any)=>r.detail ?? r['QUERY PLAN']).join('\n  '));
}
const mk = (s: string, offset=0, status?: 'final') => ({ firmId, search: parseSearch(s), limit: 10, offset, status });
for (const [t, off, st] of [['',0],['',90000],['',0,'final'],['mar',0],['mar',2000],['fna0 ln22',0],['5550012',0]] as const) {
  await run(`[${t}] off ${off} ${st??''}`, intakePageQuery(db, mk(t, off, st as any)).compile());
  await run(`[${t}] count ${st??''}`, intakeCountQuery(db, mk(t, off, st as any)).compile());
}
await db.destroy();
