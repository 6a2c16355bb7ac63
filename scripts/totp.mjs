// `npm run -s totp`: the demo users' current authenticator code (DEMO_TOTP_SECRET), for a sign-in's
// second step without an authenticator app. Local only: the secret is the local demo one.
import { DEMO_TOTP_SECRET, TOTP_PERIOD_MS, totpCodeAt } from './demo-second-factor.mjs';

const now = Date.now();
const left = Math.ceil((TOTP_PERIOD_MS - (now % TOTP_PERIOD_MS)) / 1000);
console.log(`${totpCodeAt(DEMO_TOTP_SECRET, now)}  (${left} s left; each code works once)`);
