/**
 * The module graph's rules (`npm run lint`, and tests/module-graph.test.ts): no file imports a file
 * that imports it back, and no folder imports a folder that imports it back, so each module can be
 * read, tested and changed from its own folder down.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A file reaches itself through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      comment: 'A folder imports a folder that imports it back.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Tests may reach across modules; the graph they check is the shipped code's.
    exclude: { path: ['node_modules', '\\.test\\.tsx?$', '/test/', '/dist/', '/build/'] },
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
