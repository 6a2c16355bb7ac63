// A Worker with nothing in it: the floor /api/health is compared with (bench/foundation.mjs).
const BODY = JSON.stringify({ ok: true });

export default {
  fetch: () => new Response(BODY, { headers: { 'Content-Type': 'application/json' } }),
};
