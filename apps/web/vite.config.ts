import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // /assets/* belongs to the spec's public files (no-image.png), served by the API's media module.
    assetsDir: 'build-assets',
    // The server bundle exports a ready request handler, so the API process never loads its own
    // copy of react-router next to the one the build was made with.
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
  },
}));
