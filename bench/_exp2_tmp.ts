import { CompiledQuery } from 'kysely';
import { openDatabase } from '../server/db/database';
const db = openDatabase({ dataDir: '/tmp/exp' });
const cols = 'case_id, client_name, representative_name, created_at, updated_at, status';
const qs: Record<string,string> = {
  direct: `select ${cols} from intakes where firm_id = 'firm-1' order by updated_at desc, case_id desc limit 10 offset 90000`,
  deferred: `select ${cols} from intakes where firm_id = 'firm-1' and case_id in (select case_id from intakes where firm_id = 'firm-1' order by updated_at desc, case_id desc limit 10 offset 90000) order by updated_at desc, case_id desc`,
  count: `select count(*) from intakes where firm_id = 'firm-1'`,
};
for (let round = 0; round < 2; round++) for (const [k, q] of Object.entries(qs)) {
  const s: number[] = [];
  for (let i = 0; i < 30; i++) { const t = performance.now(); await db.executeQuery(CompiledQuery.raw(q, [])); s.push(performance.now() - t); }
  s.sort((a, b) => a - b); console.log(k, s[15].toFixed(2), s[3].toFixed(2));
}
await db.destroy();
