// docs/RELIABILITY.md's part-5 figures, between <!-- bench:reliability --> markers (or RELIABILITY_SECTION's).
import { writeSection } from '../server.mjs';

const heapOf = (s) => (s.heap ? ` (heap ${s.heap.usedMb}/${s.heap.totalMb})` : '');
const memoryLine = (samples, drains = []) => {
  if (!samples.length) return 'not sampled (workerd not found)';
  const mbs = samples.map((s) => s.mb);
  const pick = samples.filter((_, i) => i % Math.max(1, Math.ceil(samples.length / 16)) === 0 || i === samples.length - 1);
  const drain = drains.length
    ? `; subscribers gone at ${drains.map((t) => `${t} s`).join(' and ')} (a new round of them after each drain), each drain ending with a full GC`
    : '';
  return `start ${mbs[0]} MB, max ${Math.max(...mbs)} MB, end ${mbs.at(-1)} MB${drain}; over time (s → RSS MB (V8 heap used/reserved MB)): ${pick.map((s) => `${s.t}→${s.mb}${heapOf(s)}`).join(', ')}`;
};

function phaseBlock(r) {
  const d = r.delivery;
  const lines = [
    `### ${r.name} — ${r.seconds} s, ${r.subscribers} subscribers, mixed load at ${r.rate} req/s`,
    '',
    `- Mixed load (feed pages, account stats, 30-day history): **${r.load.requests} requests**, ${Math.round(r.load.rps)} req/s, p50 ${r.load.p50} ms, p99 ${r.load.p99} ms; **errors ${r.load.non2xx + r.load.errors}** (${r.load.non2xx} non-2xx, ${r.load.errors} socket errors, ${r.load.timeouts} timeouts).`,
    `- Headlines: ${r.posts.posted} confirmed posts of ${r.posts.attempted} attempted (${r.posts.unconfirmed.length} unanswered, ${r.posts.failed} refused).`,
    `- Subscribers: ${d.subscribers} reported (${d.deadChildren} processes lost); **lost ${d.lost}** headline deliveries in all (${d.subscribersWithLoss} subscribers with a loss, worst ${d.worstLoss}), **duplicated ${d.duplicated}**; ${d.reconnects} reconnects, ${d.recovered} headlines recovered by refetching the feed (${d.afterRefetch} of them also came on the new stream and were dropped by item, as the terminal does); stream event ids ${d.eventIds ? 'present (resumed with Last-Event-ID)' : 'absent (resume by refetching the feed)'}.`,
    `- Delivery (receivedAt → arrival, stream deliveries only): ${d.deliveries} deliveries, **p50 ${d.p50} ms, p99 ${d.p99} ms**, max ${d.max} ms.`,
    `- Worker memory (RSS of the workerd running the Worker and the Worker isolate's V8 heap, every 5 s): ${memoryLine(r.memory, r.drains)}.`,
  ];
  for (const [i, more] of (r.rounds ?? []).slice(1).entries())
    lines.push(
      `- Round ${i + 2} on the same workerd: ${more.load.requests} requests (errors ${more.load.non2xx + more.load.errors}), ${more.posts.posted} headlines, lost ${more.delivery.lost}, duplicated ${more.delivery.duplicated}, delivery p50 ${more.delivery.p50} ms, p99 ${more.delivery.p99} ms.`,
    );
  if (r.restart)
    lines.push(
      `- Restart half-way: workerd gone ${r.restart.stopMs} ms after the kill, answering again ${r.restart.startMs} ms later (unanswered posts and load errors above fall in that window).`,
    );
  if (r.faults) lines.push(...r.faults.lines);
  return lines.join('\n');
}

export function writeReport(results) {
  const label = process.env.RELIABILITY_LABEL ?? 'full run';
  // A partial re-run (e.g. RELIABILITY_PHASES=faults) can write its own block and leave the full run's.
  const name = process.env.RELIABILITY_SECTION ?? 'reliability';
  const section = `<!-- bench:${name} -->
Measured ${new Date().toISOString().slice(0, 16)} UTC — **${label}** (\`BENCH_ONLY=reliability npm run bench\`; local workerd through
\`wrangler dev\`'s port, all traffic on 127.0.0.1, same 2-core machine).

${results.map(phaseBlock).join('\n\n')}
<!-- /bench:${name} -->`;
  console.log(section);
  writeSection(name, section, 'RELIABILITY.md');
}
