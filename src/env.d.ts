// The client directive of the project's own (src/integrations/hydrate-on-intent), for type checks.
declare namespace Astro {
  interface ClientDirectives {
    'client:intent'?: boolean;
  }
}

declare module 'subset-font' {
  export default function subsetFont(font: Buffer, text: string, options: { targetFormat: 'woff2'; variationAxes?: Record<string, { min: number; max: number }> }): Promise<Buffer>;
}
