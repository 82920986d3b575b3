/**
 * How every Chromium of the repository runs (the browser tests, Lighthouse in `npm run bench:web`):
 * no sandbox (containers), no GPU, and nothing that reaches the internet on its own.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
