import { RPC_ACCESS } from '../../access-policy';
import { readEventStream } from '../../durable-objects/event-stream-fanout';
import { admin, approved, authed, riskTeam, terminal } from '../procedures';
import { LIVE_STREAMS, type LiveStreamName } from './openers';

const BASES = { authed, approved, riskTeam, terminal, admin } as const;

/**
 * The live streams as procedures, made from LIVE_STREAMS: each on the base of its access level
 * (access-policy.ts), reading its hub's stream back into values. Clients that take the fast path
 * (fast-path.ts) get the same stream as bytes.
 */
function streamProcedure(name: LiveStreamName) {
  const level = RPC_ACCESS[name] as keyof typeof BASES;
  // The contract gives each stream its own input and output type; the table's openers take them as they come.
  const base = BASES[level] as unknown as Record<LiveStreamName, { handler(fn: (opts: never) => unknown): unknown }>;
  return base[name].handler((async ({ context, input, signal, lastEventId }: StreamCall) =>
    readEventStream((await LIVE_STREAMS[name](context, input as never, signal, lastEventId)).body!)) as never);
}

interface StreamCall {
  context: Parameters<(typeof LIVE_STREAMS)[LiveStreamName]>[0];
  input: unknown;
  signal?: AbortSignal;
  lastEventId?: string;
}

export const liveStreamRouter = Object.fromEntries(
  (Object.keys(LIVE_STREAMS) as LiveStreamName[]).map((name) => [name, streamProcedure(name)]),
) as unknown as {
  [K in LiveStreamName]: ReturnType<(typeof BASES)[(typeof RPC_ACCESS)[K] & keyof typeof BASES][K]['handler']>;
};
