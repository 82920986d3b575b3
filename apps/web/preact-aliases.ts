// Preact's React-compatible runtime renders these components on both sides: React DOM alone is
// ~57 kB of gzipped JavaScript in the browser, Preact ~11 kB. Shared by the build and the tests
// that render as the server does (vitest.ssr.config.ts).
export const preactForReact = [
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string/stream-node' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
