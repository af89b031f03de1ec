// The few Workers APIs this code uses, typed here, and how an isolate keeps what it makes. The
// runtime's full types (`wrangler types`) declare thousands of globals that clash with the DOM's
// and Node's, which the rest of the project is checked against.

export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  run(): Promise<{ meta: { changes: number; last_row_id: number } }>;
  all<Row>(): Promise<{ results: Row[] }>;
  first<Row>(): Promise<Row | null>;
}

/** A D1 database binding (wrangler.jsonc, `d1_databases`). */
export interface D1Database {
  prepare(sql: string): D1PreparedStatement;
}

/** The Worker's bindings and settings: wrangler.jsonc's bindings, and the secrets set with `wrangler secret put`. */
export interface WorkerEnv {
  DB: D1Database;
  /** The built site (wrangler.jsonc, `assets`), with _headers and _redirects applied. */
  ASSETS: { fetch(input: Request | URL): Promise<Response> };
  [setting: string]: unknown;
}

/** What a Worker is handed beside a request: work to finish after the answer is sent. */
export interface WorkerContext {
  waitUntil(work: Promise<unknown>): void;
}

/** What `make` makes from the Worker's env, once per isolate (which serves many requests) and env. */
export function oncePerIsolate<Made>(make: (env: WorkerEnv) => Made): (env: WorkerEnv) => Made {
  let made: { env: WorkerEnv; value: Made } | undefined;
  return (env) => (made?.env === env ? made : (made = { env, value: make(env) })).value;
}
