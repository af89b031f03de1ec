/** Writes one line about a request that went wrong; `kind` groups lines that one cause can repeat. */
export type ProblemLog = (kind: string, line: string) => void;

/**
 * A log for what visitors can cause (a form abandoned mid-upload, a request that fails): worth a
 * line, but anyone can repeat it, so each kind is written at most `perMinute` times a minute, and
 * the number held back is written with the next line of that kind after the minute. Log libraries rate-limit by level or
 * by whole stream, not per cause, and journald's limit would drop the server's other lines too.
 */
export function createProblemLog({
  perMinute = 10,
  write = (line: string) => console.error(line),
  now = () => Date.now(),
}: { perMinute?: number; write?: (line: string) => void; now?: () => number } = {}): ProblemLog {
  const windows = new Map<string, { startedAt: number; written: number; held: number }>();
  const closeWindow = (kind: string, window: { held: number }) => {
    if (window.held > 0) write(`${kind}: ${window.held} more like this in the last minute, not shown.`);
  };
  return (kind, line) => {
    const at = now();
    let window = windows.get(kind);
    if (!window || at - window.startedAt >= 60_000) {
      if (window) closeWindow(kind, window);
      window = { startedAt: at, written: 0, held: 0 };
      windows.set(kind, window);
    }
    if (window.written < perMinute) {
      window.written += 1;
      write(line);
    } else {
      window.held += 1;
    }
  };
}

/** An error's first line, without the stack: what a person reading the log needs. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return text.split('\n')[0]!.slice(0, 300);
}
