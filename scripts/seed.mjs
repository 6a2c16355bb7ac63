// Seeds the local demo data of docs/PRODUCT-RULES.md §2 when the users table is empty. Local only.
import { pathToFileURL } from 'node:url';
import { devVar, executeLocalD1, hashPassword, queryLocalD1, queryLocalD1Many, scratchDir, sqlString } from './lib.mjs';
import { DEMO_TOTP_SECRET, demoFactorInsert } from './demo-second-factor.mjs';
import { demoUserLines, passwordOpens } from './quiet-output.mjs';
import { DESK_TRADERS, seedAccounts } from './seed-accounts.mjs';
import { NEWS_SETTINGS_COUNTS, seedNews } from './seed-news.mjs';

const password = process.env.DEMO_PASSWORD ?? 'meridian-demo';
const DEMO_USERS = [
  { email: 'admin@example.com', name: 'Alex Admin', role: 'superadmin', approved: 1, risk: 1, terminal: 1 },
  { email: 'trader@example.com', name: 'Taylor Trader', role: 'user', approved: 1, risk: 0, terminal: 0 },
  { email: 'risk@example.com', name: 'Riley Risk', role: 'user', approved: 1, risk: 1, terminal: 0 },
  { email: 'pending@example.com', name: 'Pat Pending', role: 'user', approved: 0, risk: 0, terminal: 0 },
  // The rest of the trading desk the risk team watches: plain approved traders.
  ...DESK_TRADERS.map((t) => ({ ...t, role: 'user', approved: 1, risk: 0, terminal: 0, desk: true })),
];

const DEMO_ROWS = `SELECT email, role, approved, is_risk_team, can_use_terminal, disabled, password_hash FROM users
  WHERE email IN (${DEMO_USERS.map((u) => sqlString(u.email)).join(', ')})`;

/**
 * Seeds what is missing. Answers what it seeded, in a few words ("already there" when nothing), and
 * the demo users as the database has them (an admin may have changed them since), printed last on
 * every start, not only the first. The reads are batched: each wrangler call costs seconds.
 */
export async function seed() {
  const [[{ n }], [{ n: accounts }], [newsSettings], demoRows, [{ n: factors }]] = queryLocalD1Many([
    'SELECT count(*) AS n FROM users',
    'SELECT count(*) AS n FROM exchange_accounts',
    NEWS_SETTINGS_COUNTS,
    DEMO_ROWS,
    'SELECT count(*) AS n FROM second_factors',
  ]);
  const users = n > 0 ? null : seedUsers();
  // Once, while nobody has a second factor (a new database, or one from before second factors): an
  // admin may remove a demo user's later, and a restart does not put it back.
  const enrolled = factors > 0 ? null : await enrolDemoUsers();
  const done = [users, enrolled, await seedAccounts(accounts), await seedNews(newsSettings)].filter(Boolean);
  return {
    summary: done.length ? done.join(', ') : 'already there',
    demoUsers: demoUsers(users ? queryLocalD1(DEMO_ROWS) : demoRows),
  };
}

/** The lines that name the demo users and the password that opens them (quiet-output.mjs). */
function demoUsers(rows) {
  const main = DEMO_USERS.filter((u) => !u.desk).map((u) => u.email);
  const desk = rows.filter((r) => !main.includes(r.email));
  const admin = rows.find((r) => r.email === main[0]) ?? rows[0];
  return demoUserLines({
    rows,
    order: main,
    password,
    totpSecret: DEMO_TOTP_SECRET,
    passwordWorks: admin ? passwordOpens(admin.password_hash, password) : true,
    deskCount: desk.length,
    deskExample: DEMO_USERS.find((u) => u.desk && desk.some((r) => r.email === u.email))?.email,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { summary, demoUsers: lines } = await seed();
  console.log(`• Demo data: ${summary}\n${lines.join('\n')}`);
}

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
  return `${DEMO_USERS.length} demo users`;
}

/** Gives every demo user the demo authenticator app (DEMO_TOTP_SECRET), sealed as the Worker seals it. */
async function enrolDemoUsers() {
  const keyring = devVar('SECOND_FACTOR_KEYRING');
  if (!keyring) throw new Error('.dev.vars has no SECOND_FACTOR_KEYRING (scripts/prepare-local.mjs writes it)');
  const now = Date.now();
  const statements = [];
  for (const u of DEMO_USERS) statements.push(await demoFactorInsert(keyring, { email: u.email }, 'Demo authenticator', now));
  executeLocalD1(statements, scratchDir('seed-2fa'), 'second-factors.sql');
  return 'demo authenticator';
}
