import type { Readable } from 'node:stream';
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../lib/config.ts';
import * as storage from './storage.ts';

/** Media in an S3-compatible bucket (AWS, MinIO, Ceph, R2...): the key is the object key. */
export const s3MediaStorage = async (cfg: S3Config): Promise<storage.MediaStorage & { client: S3Client }> => {
  // Loaded only when the shop keeps its media in S3: the SDK holds ~8 MB of heap and ~20 MB resident.
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    NoSuchKey,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    // Without keys the SDK's default chain applies (instance roles, AWS_* variables).
    ...(cfg.accessKeyId &&
      cfg.secretAccessKey && {
        credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      }),
    // A stuck storage must not hold a shop request: each attempt ends at the timeout (the SDK
    // only warns about it unless told to throw), `send` below bounds the retries too, and a body
    // that stops arriving for as long is cut.
    requestHandler: {
      requestTimeout: cfg.timeoutMs,
      throwOnRequestTimeout: true,
      connectionTimeout: Math.min(5_000, cfg.timeoutMs),
      socketTimeout: cfg.timeoutMs,
    },
    maxAttempts: 3,
  });
  const Bucket = cfg.bucket;
  /**
   * One command, all its attempts within `cfg.timeoutMs` (for a get: until its headers; the body
   * then streams on its own); any failure but the caller's `expected` one is StorageUnavailable.
   */
  const send = async <T>(
    operation: storage.StorageUnavailable['operation'],
    key: string,
    call: (abortSignal: AbortSignal) => Promise<T>,
    expected?: (err: unknown) => T | undefined,
  ): Promise<T> => {
    const deadline = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = Object.assign(new Error(`S3 did not answer within ${cfg.timeoutMs} ms`), {
          name: 'TimeoutError',
        });
        deadline.abort(err);
        reject(err);
      }, cfg.timeoutMs);
    });
    try {
      return await Promise.race([call(deadline.signal), timedOut]);
    } catch (err) {
      const answer = expected?.(err);
      if (answer !== undefined) return answer;
      throw new storage.StorageUnavailable(operation, key, err);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    kind: 's3',
    client,
    async put(key, data, contentType) {
      storage.assertKey(key);
      await send('put', key, (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: data,
            ContentType: contentType || storage.contentTypeOf(key),
            ContentLength: data.length,
          }),
          { abortSignal },
        ),
      );
    },
    async get(key): Promise<storage.MediaObject | null> {
      storage.assertKey(key);
      const res = await send<GetObjectCommandOutput | null>(
        'get',
        key,
        (abortSignal) => client.send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal }),
        (err) =>
          err instanceof NoSuchKey ||
          (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)
            ? null
            : undefined,
      );
      if (!res?.Body) return null;
      return {
        body: res.Body as Readable,
        contentType: res.ContentType || storage.contentTypeOf(key),
        size: res.ContentLength ?? 0,
        etag: res.ETag ?? `"${key}"`,
        lastModified: res.LastModified ?? new Date(0),
      };
    },
    async delete(key) {
      storage.assertKey(key);
      await send('delete', key, (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket, Key: key }), { abortSignal }),
      );
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const res = await send('list', prefix, (abortSignal) =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }), {
            abortSignal,
          }),
        );
        for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
};
