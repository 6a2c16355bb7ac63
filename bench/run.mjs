// `npm run bench`: every benchmark, one after the other (BENCH_ONLY=foundation|accounts|news|news-sources|risk|terminal|orders|watchlists|reliability picks one; reliability is long and never in the default list).
const only = process.env.BENCH_ONLY;
// reliability runs only when asked for by name.
for (const name of only === 'reliability'
  ? ['reliability']
  : ['foundation', 'accounts', 'news', 'news-sources', 'risk', 'terminal', 'orders', 'watchlists']) {
  if (only && only !== name) continue;
  console.log(`\n━━ bench: ${name}`);
  await import(`./${name}.mjs`);
}
