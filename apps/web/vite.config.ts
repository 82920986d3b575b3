import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// React, React DOM and React Router in one chunk: they change together, and each extra request on
// a phone's connection delays the first paint. The app's own modules keep Rollup's split.
const FRAMEWORK = /node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//;
const clientChunk = (id: string): string | undefined => (FRAMEWORK.test(id) ? 'framework' : undefined);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // /assets/* belongs to the spec's public files (no-image.png), served by the API's media module.
    assetsDir: 'build-assets',
    // The server bundle exports a ready request handler, so the API process never loads its own
    // copy of react-router next to the one the build was made with.
    rollupOptions: isSsrBuild
      ? { input: './server/app.ts' }
      : { output: { manualChunks: clientChunk, experimentalMinChunkSize: 4000 } },
  },
}));
