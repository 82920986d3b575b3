import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
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
});
