// `npm run bench`: every benchmark, one after the other (BENCH_ONLY=foundation|accounts|news|news-sources|x-stream|risk|terminal|orders|watchlists|reliability|distant-primary|fills picks one; reliability, distant-primary and fills are never in the default list).
const only = process.env.BENCH_ONLY;
// reliability, distant-primary and fills (a year of fills imported, minutes) run only when asked for by name.
for (const name of only === 'reliability' || only === 'distant-primary' || only === 'fills'
  ? [only]
  : ['foundation', 'accounts', 'news', 'news-sources', 'x-stream', 'risk', 'terminal', 'orders', 'watchlists']) {
  if (only && only !== name) continue;
  console.log(`\n━━ bench: ${name}`);
  await import(`./${name}.mjs`);
}
