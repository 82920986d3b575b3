import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { preactForReact } from './preact-aliases.ts';

// React, React DOM and React Router in one chunk: they change together, and each extra request on
// a phone's connection delays the first paint. The app's own modules keep Rollup's split; chunks
// under 2 kB are merged (decision 24): a larger limit merged other pages' code into the product page.
const FRAMEWORK = /node_modules\/(preact|react-router|cookie|set-cookie-parser)\//;
const clientChunk = (id: string): string | undefined => (FRAMEWORK.test(id) ? 'framework' : undefined);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: preactForReact, dedupe: ['preact'] },
  // Bundled, so that React Router's server code gets the aliases too; with its own copy of
  // set-cookie-parser, which is not a dependency of this package (a production install may lack it).
  ssr: {
    noExternal: [
      'react-router',
      '@react-router/node',
      'react-hook-form',
      '@hookform/resolvers',
      'set-cookie-parser',
    ],
  },
  build: {
    // /assets/* belongs to the spec's public files (no-image.png), served by the API's media module.
    assetsDir: 'build-assets',
    // The server bundle exports a ready request handler, so the API process never loads its own
    // copy of react-router next to the one the build was made with.
    rollupOptions: isSsrBuild
      ? { input: './server/app.ts' }
      : { output: { manualChunks: clientChunk, experimentalMinChunkSize: 2000 } },
  },
}));
