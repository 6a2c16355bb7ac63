import { encodeEvent, type EventLog } from './event-stream-fanout';

/** Events a hub keeps for reconnecting clients, unless the hub says otherwise. */
export const REPLAY_LIMIT = 1000;

const encoder = new TextEncoder();

type Stored = { seq: number; tags: string; message: string };

/**
 * Numbers a hub's events in order and keeps the newest `limit` of them, encoded, so a client that
 * reconnects with the last id it saw (SSE `Last-Event-ID`) gets exactly what it missed. An id is
 * `<epoch>-<seq>`: the epoch is drawn once per log, so an id from another log (storage lost, a
 * memory-only log after a restart) is told apart from a resumable one and answered with a reset.
 * With `sql` (the Durable Object's SQLite storage) both the sequence and the buffer survive the
 * object's restarts (eviction, deploy); without it they live as long as the instance.
 */
export class ReplayLog implements EventLog {
  private readonly memory: Stored[] = [];
  private readonly epoch: string;
  private seq: number;

  constructor(
    private readonly sql: SqlStorage | undefined,
    readonly limit = REPLAY_LIMIT,
  ) {
    if (!sql) {
      this.epoch = crypto.randomUUID().slice(0, 8);
      this.seq = 0;
      return;
    }
    sql.exec('CREATE TABLE IF NOT EXISTS replay_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    sql.exec('CREATE TABLE IF NOT EXISTS replay_events (seq INTEGER PRIMARY KEY, tags TEXT NOT NULL, message TEXT NOT NULL)');
    const epoch = sql.exec<{ value: string }>("SELECT value FROM replay_meta WHERE key = 'epoch'").toArray()[0]?.value;
    this.epoch = epoch ?? crypto.randomUUID().slice(0, 8);
    if (!epoch) sql.exec("INSERT INTO replay_meta (key, value) VALUES ('epoch', ?)", this.epoch);
    this.seq = sql.exec<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM replay_events').one().seq ?? 0;
  }

  /** The id the newest event got ('' before the first). */
  get lastId() {
    return this.seq ? `${this.epoch}-${this.seq}` : '';
  }

  /** Numbers, stores and encodes one event; `tags` let filtered subscribers skip it on replay. */
  append(event: unknown, tags: readonly string[] = []): Uint8Array {
    this.seq++;
    const id = `${this.epoch}-${this.seq}`;
    const bytes = encodeEvent(event, id);
    const row = { seq: this.seq, tags: tags.join(','), message: new TextDecoder().decode(bytes) };
    if (this.sql) {
      this.sql.exec('INSERT INTO replay_events (seq, tags, message) VALUES (?, ?, ?)', row.seq, row.tags, row.message);
      this.sql.exec('DELETE FROM replay_events WHERE seq <= ?', this.seq - this.limit);
    } else {
      this.memory.push(row);
      if (this.memory.length > this.limit) this.memory.shift();
    }
    return bytes;
  }

  /**
   * What a client that last saw `lastEventId` missed, oldest first, without events carrying an
   * `exclude`d tag; 'reset' when that cannot be told exactly (id unknown to this log, or older
   * than the buffer reaches).
   */
  since(lastEventId: string, exclude: readonly string[] = []): Uint8Array[] | 'reset' {
    const match = /^([0-9a-f]{8})-(\d{1,15})$/.exec(lastEventId);
    if (!match || match[1] !== this.epoch) return 'reset';
    const after = Number(match[2]);
    if (after > this.seq || after < this.seq - this.limit) return 'reset';
    const rows = this.sql
      ? this.sql.exec<Stored>('SELECT seq, tags, message FROM replay_events WHERE seq > ? ORDER BY seq', after).toArray()
      : this.memory.filter((row) => row.seq > after);
    return rows
      .filter((row) => !exclude.length || !row.tags.split(',').some((tag) => exclude.includes(tag)))
      .map((row) => encoder.encode(row.message));
  }
}
