/** A reader of the live stock stream (docs/architecture.md §11) as a browser's EventSource reads
 * it, over Node's fetch: each event's name and parsed data, with the time it arrived. Used by
 * the server tests and `npm run bench:live`. */
export interface SseEvent {
  event: string;
  data: unknown;
  /** performance.now() when it arrived. */
  at: number;
}

export interface SseStream {
  status: number;
  /** The answer's body when it is not a stream (a refusal). */
  refusal: unknown;
  events: SseEvent[];
  /** Called with each event as it arrives. */
  onEvent: ((e: SseEvent) => void) | null;
  ended(): boolean;
  close(): Promise<void>;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers } });
  let ended = false;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const stream: SseStream = {
    status: res.status,
    refusal: null,
    events: [],
    onEvent: null,
    ended: () => ended,
    close: async () => {
      await (reader ?? res.body)?.cancel().catch(() => undefined);
    },
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.refusal = await res.json().catch(() => null);
    ended = true;
    return stream;
  }
  const body = (reader = res.body!.getReader());
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
        if (event === undefined || data === undefined) continue;
        const e = { event, data: JSON.parse(data) as unknown, at: performance.now() };
        stream.events.push(e);
        stream.onEvent?.(e);
      }
    }
  })()
    .catch(() => undefined)
    .finally(() => (ended = true));
  return stream;
}
