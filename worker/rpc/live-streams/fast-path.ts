import { StandardRPCJsonSerializer, StandardRPCSerializer } from '@orpc/client/standard';
import type { AnySchema } from '@orpc/contract';
import { RPC_ACCESS } from '../../access-policy';
import { contract } from '../../contract';
import { freshCheck } from '../../wiring/second-factor';
import { primaryDb } from '../../wiring/d1-session';
import { admitCaller } from '../admit-caller';
import type { RpcContext } from '../context';
import { LIVE_STREAMS, type LiveStreamName } from './openers';

const serializer = new StandardRPCSerializer(new StandardRPCJsonSerializer());

/** The RPC protocol's input: `?data=` on GET, the JSON body on POST. Anything else is left to oRPC. */
async function readRpcInput(request: Request): Promise<unknown> {
  const url = new URL(request.url);
  if (request.method === 'GET') {
    const data = url.searchParams.get('data');
    return data === null ? undefined : serializer.deserialize(JSON.parse(data));
  }
  if (request.method !== 'POST' || !request.headers.get('content-type')?.startsWith('application/json'))
    throw new Error('not JSON');
  const text = await request.clone().text();
  return text === '' ? undefined : serializer.deserialize(JSON.parse(text));
}

/**
 * The fast path for live streams, taken before the oRPC handler. Hundreds of viewers of one hub
 * made the Worker decode and re-encode every event once per viewer (≈ 4 ms of CPU per delivery);
 * here the hub encodes an event once and the Worker passes its bytes through untouched.
 * Only a stream the caller may open is served here, after the same access level, input schema and
 * ownership checks the procedure makes; anything else (refusal, odd input) returns undefined and
 * falls through to the procedure, which answers with the canonical error. `name` is the path's
 * procedure name, as the router already parsed it (no second URL parse on every RPC call).
 */
export async function passLiveStream(request: Request, context: RpcContext, name: string): Promise<Response | undefined> {
  if (!Object.hasOwn(LIVE_STREAMS, name)) return undefined;
  const open = LIVE_STREAMS[name as LiveStreamName];
  try {
    // The procedures' own check (admit-caller.ts): a stream only reads.
    const { session } = await admitCaller(
      primaryDb(context.env),
      RPC_ACCESS[name as LiveStreamName],
      context.session,
      false,
      freshCheck(context.env),
    );
    const schema = contract[name as LiveStreamName]['~orpc'].inputSchema as AnySchema | undefined;
    const raw = await readRpcInput(request);
    const checked = schema ? await schema['~standard'].validate(raw) : { value: raw };
    if ('issues' in checked && checked.issues) return undefined;
    const lastEventId = request.headers.get('last-event-id') ?? undefined;
    const hub = await open({ ...context, session }, checked.value as never, request.signal, lastEventId);
    return new Response(hub.body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  } catch {
    return undefined;
  }
}
