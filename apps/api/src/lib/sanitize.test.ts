import { describe, expect, it } from 'vitest';
import { sanitizeHtml, sanitizeMemoSize } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('removes script and style elements together with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
  });

  it('removes event handler and style attributes', () => {
    expect(sanitizeHtml('<img src="/x.png" onerror="alert(1)" style="position:fixed">')).toBe(
      '<img src="/x.png" />',
    );
    expect(
      sanitizeHtml(
        '<div onclick="x()" style="color:red" class="a" id="b"><span onmouseover="y()">t</span></div>',
      ),
    ).toBe('<div><span>t</span></div>');
  });

  it('removes javascript:, data: and vbscript: URLs, including obfuscated ones', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="JaVaScRiPt&#58;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="vbscript:msgbox(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">')).toBe('');
  });

  it('drops protocol-relative URLs and images with mailto/tel sources', () => {
    expect(sanitizeHtml('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="mailto:a@b.pl">')).toBe('');
  });

  it('removes dangerous elements such as iframe, object, form and svg', () => {
    const out = sanitizeHtml(
      '<iframe src="https://evil.example"></iframe><object data="x"></object><form action="/x"><input name="a"></form><svg onload="alert(1)"><circle/></svg><p>ok</p>',
    );
    expect(out).toBe('<p>ok</p>');
  });

  it('keeps the allowed markup', () => {
    const html =
      '<h2>Tytuł</h2><p>Tekst <strong>pogrubiony</strong>, <em>kursywa</em>, <b>b</b>, <i>i</i>, <u>u</u><br />nowa linia</p>' +
      '<ul><li>jeden</li></ul><ol><li>dwa</li></ol><blockquote>cytat</blockquote>' +
      '<table><thead><tr><th colspan="2">Rozmiar</th></tr></thead><tbody><tr><td>S</td><td>M</td></tr></tbody></table>' +
      '<div><span>blok</span></div>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps http(s), mailto, tel and relative links and images', () => {
    const html =
      '<a href="https://klub.example.org/">a</a><a href="http://x.pl">b</a><a href="mailto:sklep@sokol-demo.pl">c</a>' +
      '<a href="tel:+48221234567">d</a><a href="/regulamin">e</a><a href="#top">f</a>' +
      '<img src="/static/demo/x.jpg" alt="zdjęcie" width="300" height="200" /><img src="https://cdn.example.org/a.png" alt="" />';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('forces rel="noopener noreferrer" on links opening a new window', () => {
    expect(sanitizeHtml('<a href="https://x.pl" target="_blank">x</a>')).toBe(
      '<a href="https://x.pl" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://x.pl" target="_blank" rel="opener nofollow">x</a>')).toBe(
      '<a href="https://x.pl" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/x" target="top">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('drops non-numeric image dimensions', () => {
    expect(sanitizeHtml('<img src="/a.png" width="100" height="1;x">')).toBe(
      '<img src="/a.png" width="100" />',
    );
  });

  it('escapes text so that it cannot become markup', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; <notatag>x</notatag></p>')).toBe(
      '<p>1 &lt; 2 &amp;&amp; x</p>',
    );
  });

  it('keeps its memo bounded in entries and characters, whatever HTML comes in', () => {
    const big = 'x'.repeat(60 * 1024);
    for (let i = 0; i < 400; i++) sanitizeHtml(`<p>${i}${big}</p>`);
    for (let i = 0; i < 3_000; i++) sanitizeHtml(`<p>${i}</p>`);
    const size = sanitizeMemoSize();
    expect(size.entries).toBeLessThanOrEqual(2_000);
    expect(size.chars).toBeLessThanOrEqual(8 * 1024 * 1024);
    // Still a memo: the same input gives the same output.
    expect(sanitizeHtml('<p>2999</p>')).toBe('<p>2999</p>');
  });
});
