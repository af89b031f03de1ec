// The module through which a Worker reaches its bindings from anywhere in its code (workerd).
declare module 'cloudflare:workers' {
  export const env: import('./runtime-types.ts').WorkerEnv;
}
