// `npm run bench`: every benchmark, one after the other (BENCH_ONLY=foundation|accounts|news|risk|terminal|orders picks one).
const only = process.env.BENCH_ONLY;
for (const name of ['foundation', 'accounts', 'news', 'risk', 'terminal', 'orders']) {
  if (only && only !== name) continue;
  console.log(`\n━━ bench: ${name}`);
  await import(`./${name}.mjs`);
}
