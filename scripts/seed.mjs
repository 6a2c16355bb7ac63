// Seeds the local demo data of PRODUCT.md §3 when the users table is empty. Local only.
import { pathToFileURL } from 'node:url';
import { executeLocalD1, hashPassword, queryLocalD1, scratchDir, sqlString } from './lib.mjs';
import { DESK_TRADERS, seedAccounts } from './seed-accounts.mjs';
import { seedNews } from './seed-news.mjs';

const password = process.env.DEMO_PASSWORD ?? 'meridian-demo';
const DEMO_USERS = [
  { email: 'admin@example.com', name: 'Alex Admin', role: 'superadmin', approved: 1, risk: 1, terminal: 1 },
  { email: 'trader@example.com', name: 'Taylor Trader', role: 'user', approved: 1, risk: 0, terminal: 0 },
  { email: 'risk@example.com', name: 'Riley Risk', role: 'user', approved: 1, risk: 1, terminal: 0 },
  { email: 'pending@example.com', name: 'Pat Pending', role: 'user', approved: 0, risk: 0, terminal: 0 },
  // The rest of the trading desk the risk team watches (issue 12): plain approved traders.
  ...DESK_TRADERS.map((t) => ({ ...t, role: 'user', approved: 1, risk: 0, terminal: 0, desk: true })),
];

export async function seed() {
  const [{ n }] = queryLocalD1('SELECT count(*) AS n FROM users');
  if (n > 0) console.log(`• database has ${n} users: demo users not seeded`);
  else seedUsers();
  await seedAccounts();
  await seedNews();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await seed();

function seedUsers() {
  const now = Date.now();
  const statements = DEMO_USERS.map((u, i) => {
    const created = now - (DEMO_USERS.length - i) * 60_000;
    return `INSERT INTO users (id, email, name, role, approved, is_risk_team, can_use_terminal, password_hash, created_at, approved_at, updated_at) VALUES (${[
      sqlString(crypto.randomUUID()),
      sqlString(u.email),
      sqlString(u.name),
      sqlString(u.role),
      u.approved,
      u.risk,
      u.terminal,
      sqlString(hashPassword(password)),
      created,
      u.approved ? created : 'NULL',
      created,
    ].join(', ')});`;
  });
  executeLocalD1(statements, scratchDir('seed'));

  console.log('\n  Demo users (password: %s)', password);
  for (const u of DEMO_USERS.filter((x) => !x.desk))
    console.log(
      `   ${u.email.padEnd(22)} ${u.role}${u.approved ? '' : ', awaiting approval'}${u.risk ? ', risk team' : ''}${u.terminal ? ', terminal' : ''}`,
    );
  console.log(`   and ${DESK_TRADERS.length} desk traders (${DESK_TRADERS[0].email}, …)\n`);
}
