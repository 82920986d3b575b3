import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The manager's panel: a client-side app on real React, built apart from the storefront (which
// runs on Preact), so nothing here reaches the shoppers' pages. The API serves dist/ at /panel.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/panel/',
  plugins: [tailwindcss()],
  // The banner preview renders the storefront's own banner component (plain React API, which the
  // storefront runs on Preact): imported from its sources, so there is one banner component.
  resolve: { alias: { '@storefront': fileURLToPath(new URL('../web/app', import.meta.url)) } },
  // JSX through esbuild's automatic runtime: no Fast Refresh plugin is needed for a build.
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed bundles under /panel/assets/, served immutable.
    assetsDir: 'assets',
    // No inline script or module preload polyfill: the panel's CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // React, React DOM and React Router in one long-cached chunk: a new panel release changes only the app's.
    rollupOptions: {
      // React Router's and TipTap's "use client" lines mean nothing in a client-only bundle.
      onwarn: (warning, warn) => {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|react-router|scheduler|cookie)\//.test(id)
            ? 'framework'
            : undefined,
      },
    },
  },
});
