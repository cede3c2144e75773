/** Constants that scripts/bundle.js defines at build time (esbuild `define`); see src/sleep.ts. */
declare const SCALED_SERVICE_CLOCK: boolean | undefined
