import { ApiError } from './api-client';

/** An NDJSON answer (api-client's `onLine`): each line handed over as it arrives; a connection lost midway is an ApiError. */
export async function readLines(body: ReadableStream<Uint8Array>, onLine: (line: unknown) => void) {
  const decoder = new TextDecoder();
  let pending = '';
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      pending += decoder.decode(read.value, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.trim()) onLine(JSON.parse(line));
    }
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('The connection was lost before the answer was complete.', 0, 'NETWORK_ERROR');
  }
  if (pending.trim()) onLine(JSON.parse(pending));
}
