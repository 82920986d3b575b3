import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import './script-priority.server.ts';

describe('preloaded scripts on the server', () => {
  it('are fetched at low priority', () => {
    expect(renderToString(h('link', { rel: 'modulepreload', href: '/build-assets/root.js' }))).toBe(
      '<link rel="modulepreload" href="/build-assets/root.js" fetchpriority="low"/>',
    );
  });

  it('leave the other links alone', () => {
    expect(renderToString(h('link', { rel: 'icon', href: '/favicon.svg' }))).toBe(
      '<link rel="icon" href="/favicon.svg"/>',
    );
  });
});
