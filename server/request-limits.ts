/**
 * How long a client may take, so that slow senders cannot hold connections open (slowloris): its
 * request headers within `headersTimeout`, the whole request with its body within
 * `requestTimeout` (the largest form post is 32 KB). deploy/Caddyfile gives Caddy the same limits;
 * these hold when Node is reached directly. Node looks for overdue requests every
 * `connectionsCheckingInterval`, so a slow client is cut at most that much later.
 */
export const requestTimeouts = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 } as const;
