import { fileURLToPath } from 'node:url';
import * as build from 'virtual:react-router/server-build';
import { createRequestHandler, type ServerBuild } from 'react-router';
import '../app/lib/load-context.ts';

/**
 * Entry of the server bundle (see vite.config.ts). The hosting process imports this file and
 * calls `handleRequest`, so it never mixes its own react-router copy with the build's.
 */
export const handleRequest = createRequestHandler(
  build as unknown as ServerBuild,
  process.env.NODE_ENV === 'development' ? 'development' : 'production',
);

/** The browser files of this build: hashed bundles under build-assets/, the public/ files beside. */
export const clientDirectory = fileURLToPath(new URL('../client', import.meta.url));
export const assetsPrefix = '/build-assets/';
