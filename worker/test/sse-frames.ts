export interface Frame {
  event: string;
  id?: string;
  data: unknown;
}

/** Reads raw SSE frames (what the browser receives through the Worker's pass-through). */
export function frames(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ended = false;
  const next = async (): Promise<Frame | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
        }
        if (!fields.has('event')) continue; // a keep-alive comment
        return { event: fields.get('event')!, id: fields.get('id'), data: JSON.parse(fields.get('data') ?? 'null').json };
      }
      if (ended) return undefined;
      const chunk = await reader.read();
      if (chunk.done) ended = true;
      else buffer += chunk.value;
    }
  };
  return { next, cancel: () => reader.cancel() };
}
