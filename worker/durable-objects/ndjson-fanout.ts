const encoder = new TextEncoder();

/**
 * The subscribers of one Durable Object: each gets a newline-delimited JSON stream. A subscriber
 * whose write fails or whose request aborts is dropped; `onEmpty` runs when the last one leaves.
 */
export class NdjsonFanout<T> {
  private readonly writers = new Set<WritableStreamDefaultWriter<Uint8Array>>();

  constructor(private readonly onEmpty: () => void = () => {}) {}

  get size() {
    return this.writers.size;
  }

  subscribe(request: Request, first?: T): Response {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    this.writers.add(writer);
    request.signal.addEventListener('abort', () => this.drop(writer));
    if (first !== undefined) void this.send(writer, first);
    return new Response(readable, { headers: { 'content-type': 'application/x-ndjson' } });
  }

  async broadcast(event: T) {
    await Promise.all([...this.writers].map((w) => this.send(w, event)));
  }

  private async send(writer: WritableStreamDefaultWriter<Uint8Array>, event: T) {
    try {
      await writer.write(encoder.encode(`${JSON.stringify(event)}\n`));
    } catch {
      this.drop(writer);
    }
  }

  private drop(writer: WritableStreamDefaultWriter<Uint8Array>) {
    if (!this.writers.delete(writer)) return;
    writer.close().catch(() => {});
    if (this.writers.size === 0) this.onEmpty();
  }
}

/** Reads a subscriber stream back into objects (used by the Worker's event-iterator handlers). */
export async function* readNdjson<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line) yield JSON.parse(line) as T;
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
