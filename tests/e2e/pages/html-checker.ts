import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The package exports the jar's path (as a String object).
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));
const run = promisify(execFile);

type VnuMessage = { type: string; subType?: string; url: string; message: string; extract?: string };

/**
 * CSS the checker's grammar does not know yet, as Tailwind 4 writes it: `@property` rules, custom
 * properties named in `transition-property`, and `margin-trim` in its `@supports` test. Nothing
 * else is left out.
 */
const NEWER_CSS =
  /^CSS: (Unrecognized at-rule “@property”|“transition-property”: “--tw-[\w-]+” is not a “transition-property” value|“margin-trim”: Property “margin-trim” doesn't exist)/;

/** The W3C Nu checker's errors in the documents (name -> HTML), one run over all of them. */
export const checkDocuments = async (documents: Map<string, string>) => {
  // HTML_VALIDITY_DIR keeps the documents for reading (vnu's messages name them).
  const kept = process.env.HTML_VALIDITY_DIR;
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'clubshop-vnu-'));
  try {
    const files = [...documents].map(([name, html], i) => {
      const file = join(dir, `${String(i).padStart(2, '0')}-${name.replace(/[^\w-]+/g, '_')}.html`);
      writeFileSync(file, html);
      return file;
    });
    // vnu exits 1 when it finds errors; the report is JSON on stderr either way.
    const result = await run('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((e: { stdout: string; stderr: string }) => e);
    const { messages } = JSON.parse(result.stderr) as { messages: VnuMessage[] };
    return messages
      .filter((m) => !NEWER_CSS.test(m.message))
      .map(
        (m) =>
          `${m.url.split('/').pop()}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 120)}]` : ''}`,
      );
  } finally {
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
};
