import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first image a process handles: with libvips it holds ~20 MB resident
 * that a process serving pages never uses. Images are rendered once (seed, uploads) and then
 * served from disk, so libvips' operation cache and thread pool would only hold memory.
 */
export const loadSharp = (): Promise<typeof Sharp> =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
