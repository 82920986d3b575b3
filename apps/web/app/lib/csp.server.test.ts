import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './csp.server.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('inlineScriptHashes', () => {
  it("hashes each inline script's text as UTF-8, once, and leaves out external scripts and data blocks", () => {
    const context = 'window.__ctx = {"name":"Żółta koszulka \\u003c/script>"};';
    const html = [
      '<head><script type="application/ld+json">{"@type":"Product"}</script>',
      `<script src="/build-assets/x.js"></script><link rel="modulepreload" href="/a.js"/></head>`,
      `<body><p data-type="x">&lt;script&gt;</p><script>${context}</script>`,
      `<script type="module" async>import "/a.js";</script>`,
      `<script>${context}</script><script data-type="x">a()</script><script></script>`,
      '<script type="text/javascript">b()</script></body>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha(context),
      sha('import "/a.js";'),
      sha('a()'),
      sha(''),
      sha('b()'),
    ]);
  });
});

describe('contentSecurityPolicy', () => {
  it("allows scripts from the origin and the page's own inline scripts by hash, nothing else", () => {
    const csp = contentSecurityPolicy(['sha256-AAA=', 'sha256-BBB=']);
    expect(csp).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB='; ");
    expect(csp).not.toMatch(/unsafe-inline'[^;]*;.*script|nonce|unsafe-eval|strict-dynamic/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
  });
});
