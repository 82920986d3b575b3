import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { localMediaStorage } from './local-storage.ts';
import { deletePrefix, isValidKey } from './storage.ts';

const root = mkdtempSync(join(tmpdir(), 'clubshop-local-media-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local media storage', () => {
  const storage = localMediaStorage(root);

  it('keeps objects as files under the media folder, at the key as path (the /static layout)', async () => {
    await storage.put('demo/wyrobzdjecie/1/2/600_600_a.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await storage.put('demo/wyrobzdjecie/1/2/600_600_a.webp', Buffer.from('webp'), 'image/webp');
    await storage.put('demo/wyrobzdjecie/1/3/600_600_b.jpg', Buffer.from('inne'), 'image/jpeg');
    const got = await storage.get('demo/wyrobzdjecie/1/2/600_600_a.webp');
    expect(got?.contentType).toBe('image/webp');
    expect(got?.size).toBe(4);
    expect((await buffer(got!.body)).toString()).toBe('webp');
    expect((await storage.list('demo/wyrobzdjecie/1/2/')).sort()).toEqual([
      'demo/wyrobzdjecie/1/2/600_600_a.jpg',
      'demo/wyrobzdjecie/1/2/600_600_a.webp',
    ]);
    expect(await storage.list('demo/wyrobzdjecie/1/')).toHaveLength(3);
    expect(await storage.list('nie-ma/')).toEqual([]);
    await deletePrefix(storage, 'demo/wyrobzdjecie/1/2/');
    expect(await storage.get('demo/wyrobzdjecie/1/2/600_600_a.jpg')).toBeNull();
    expect(await storage.list('demo/')).toEqual(['demo/wyrobzdjecie/1/3/600_600_b.jpg']);
    await storage.delete('demo/wyrobzdjecie/1/2/600_600_a.jpg');
  });

  it('answers null for a folder or a missing file', async () => {
    expect(await storage.get('demo/wyrobzdjecie')).toBeNull();
    expect(await storage.get('demo/nie-ma.jpg')).toBeNull();
  });

  it('refuses keys that could leave the folder or name hidden files', async () => {
    for (const key of [
      '../poza.txt',
      'demo/../../poza.txt',
      '/etc/passwd',
      'demo//a.jpg',
      'demo/.ukryty',
      'a\\b',
      'a\u0000b',
      '',
    ]) {
      expect(isValidKey(key), key).toBe(false);
      await expect(storage.get(key)).rejects.toThrow(/invalid media key/);
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/invalid media key/);
    }
    expect(isValidKey('demo/logo/logo.png')).toBe(true);
  });

  it('takes a photo folder away with its last file, never a folder still holding one', async () => {
    await storage.put('demo/wyrobzdjecie/8/1/600_600_a.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('demo/wyrobzdjecie/8/2/600_600_b.jpg', Buffer.from('b'), 'image/jpeg');
    await deletePrefix(storage, 'demo/wyrobzdjecie/8/1/');
    expect(readdirSync(join(root, 'demo/wyrobzdjecie/8'))).toEqual(['2']);
    await storage.delete('demo/wyrobzdjecie/8/2/600_600_b.jpg');
    expect(readdirSync(join(root, 'demo/wyrobzdjecie'))).not.toContain('8');
  });

  it('leaves neither a half-written file nor the folders made for it when the disk refuses the write', async () => {
    // A real refusal from the kernel: a child process whose file size limit (ulimit -f) is 8 kB
    // writes 1 MB, as a full disk would refuse it part way.
    const dir = mkdtempSync(join(tmpdir(), 'clubshop-full-disk-'));
    try {
      const media = join(dir, 'media');
      mkdirSync(join(media, 'demo/wyrobzdjecie/5/1'), { recursive: true });
      writeFileSync(join(media, 'demo/wyrobzdjecie/5/1/600_600_a.jpg'), 'a');
      const child = join(dir, 'put.mts');
      writeFileSync(
        child,
        `process.on('SIGXFSZ', () => {});
const { localMediaStorage } = await import(${JSON.stringify(fileURLToPath(new URL('./local-storage.ts', import.meta.url)))});
try {
  await localMediaStorage(process.argv[2]).put('demo/wyrobzdjecie/5/7/600_600_b.jpg', Buffer.alloc(1 << 20, 1), 'image/jpeg');
  console.log(JSON.stringify({ stored: true }));
} catch (err) {
  console.log(JSON.stringify({ name: err.name, code: err.cause?.code }));
}
`,
      );
      const { stdout } = await promisify(execFile)(
        'sh',
        ['-c', 'ulimit -f 16 && exec "$0" --import tsx "$1" "$2"', process.execPath, child, media],
        { env: { ...process.env, TSX_DISABLE_CACHE: '1' } },
      );
      expect(readdirSync(media, { recursive: true }).sort()).toEqual([
        'demo',
        'demo/wyrobzdjecie',
        'demo/wyrobzdjecie/5',
        'demo/wyrobzdjecie/5/1',
        'demo/wyrobzdjecie/5/1/600_600_a.jpg',
      ]);
      expect(JSON.parse(stdout.trim())).toEqual({ name: 'StorageUnavailable', code: 'EFBIG' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
